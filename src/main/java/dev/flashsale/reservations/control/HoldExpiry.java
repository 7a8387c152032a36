package dev.flashsale.reservations.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.reservations.entity.ExpiredHolds;
import dev.flashsale.reservations.entity.UnitsReturned;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * Gives back the units of holds whose time ran out (HELD -> EXPIRED). Used by the sweeper and,
 * for one SKU, by a claim that found the SKU sold out (lazy reclaim). Safe to run from many
 * transactions and nodes at once: each overdue hold is expired exactly once.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class HoldExpiry {

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    @Inject
    Event<UnitsReturned> returned;

    /**
     * Expires up to {@code batchSize} overdue holds of the SKU, oldest deadline first. Once the
     * transaction commits, the gate gets their units back too.
     */
    public ExpiredHolds expireOverdueHolds(String sku, int batchSize) {
        List<Tuple> expired = em.createNativeQuery(sql.get("reservations/expire_overdue_holds_of_sku"), Tuple.class)
                .setParameter("sku", sku)
                .setParameter("batchSize", batchSize)
                .getResultList();
        if (expired.isEmpty()) {
            return ExpiredHolds.NONE;
        }
        if (Rows.number(expired.get(0), "stock_rows") != 1) {
            throw new IllegalStateException("Refusing to expire " + expired.size() + " holds of " + sku
                    + ": the stock row did not take their units back");
        }
        int units = 0;
        for (Tuple hold : expired) {
            units += Rows.integer(hold, "qty");
            returned.fire(new UnitsReturned(sku, Rows.text(hold, "idempotency_key")));
        }
        return new ExpiredHolds(expired.size(), units);
    }

    public List<String> skusWithOverdueHolds(int maxSkus) {
        List<?> rows = em.createNativeQuery(sql.get("reservations/find_skus_with_overdue_holds"))
                .setParameter("maxSkus", maxSkus)
                .getResultList();
        return rows.stream().map(Object::toString).toList();
    }
}
