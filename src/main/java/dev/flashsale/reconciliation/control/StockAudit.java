package dev.flashsale.reconciliation.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;

/** PostgreSQL checking itself: the counts of each shard of a SKU against the sums of its reservations. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class StockAudit {

    /** A shard of a SKU whose counts do not match the reservations on it. */
    public record Mismatch(String sku, int shard, int held, int sold, int reservedHeld, int reservedSold) {
    }

    @Inject
    Statements sql;

    public List<Mismatch> mismatches() {
        List<Tuple> rows = sql.named("reconciliation/audit_stock").rows();
        return rows.stream().map(row -> new Mismatch(Rows.text(row, "sku"), Rows.integer(row, "shard"), Rows.integer(row, "held"),
                Rows.integer(row, "sold"), (int) Rows.number(row, "reserved_held"), (int) Rows.number(row, "reserved_sold")))
                .toList();
    }
}
