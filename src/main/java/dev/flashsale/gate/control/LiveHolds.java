package dev.flashsale.gate.control;

import dev.flashsale.gate.entity.LiveHold;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;

/** PostgreSQL's live holds of a SKU, read when the gate's record of them (deadlines, markers) is built. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class LiveHolds {

    @Inject
    Statements sql;

    public List<LiveHold> of(Sku sku) {
        List<Tuple> rows = sql.named("gate/find_live_holds_of_sku").with("sku", sku.value()).rows();
        return rows.stream().map(row -> new LiveHold(Rows.idempotencyKey(row),
                Rows.instant(row, "expires_at"), Rows.integer(row, "qty"))).toList();
    }
}
