package dev.flashsale.webhooks.boundary;

import dev.flashsale.platform.JsonBuilders;
import dev.flashsale.webhooks.control.DeliveryBook;
import dev.flashsale.webhooks.entity.EventType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;

/**
 * Where the other components write their events: in the caller's transaction (MANDATORY), so an
 * event is written if and only if the change that caused it commits. The body is fixed here,
 * {@code {"type", "timestamp", "data"}} as the Standard Webhooks specification suggests, and sent
 * byte for byte on every attempt. An event no enabled webhook subscribes to is not written.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class Outbox {

    @Inject
    DeliveryBook deliveries;

    private final Clock clock = Clock.systemUTC();

    /** Whether an enabled webhook subscribes to {@code type}: a job that looks for such events may skip the look. */
    public boolean listened(EventType type) {
        return deliveries.listened(type.wireName());
    }

    /** @return the deliveries written for it (0: no webhook listens) */
    public int record(EventType type, JsonObject data) {
        String body = JsonBuilders.object()
                .add("type", type.wireName())
                .add("timestamp", Instant.now(clock).toString())
                .add("data", data)
                .build().toString();
        return deliveries.recordEvent(UUID.randomUUID(), type.wireName(), body);
    }
}
