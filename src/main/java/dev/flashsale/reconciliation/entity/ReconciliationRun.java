package dev.flashsale.reconciliation.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.List;

/** One reconciliation run and the gaps it found. */
@JsonbPropertyOrder({"id", "startedAt", "finishedAt", "node", "redisChecked", "skusChecked", "gaps"})
public record ReconciliationRun(long id, Instant startedAt, Instant finishedAt, String node, boolean redisChecked,
                                int skusChecked, List<Gap> gaps) {
}
