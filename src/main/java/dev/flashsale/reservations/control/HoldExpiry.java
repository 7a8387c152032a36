package dev.flashsale.reservations.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.reservations.entity.ExpiredHolds;
import jakarta.enterprise.context.ApplicationScoped;
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

    /** Expires up to {@code batchSize} overdue holds of the SKU, oldest deadline first. */
    public ExpiredHolds expireOverdueHolds(String sku, int batchSize) {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("reservations/expire_overdue_holds_of_sku"), Tuple.class)
                .setParameter("sku", sku)
                .setParameter("batchSize", batchSize)
                .getSingleResult();
        long holds = Rows.number(row, "holds");
        long stockRows = Rows.number(row, "stock_rows");
        if (holds > 0 && stockRows != 1) {
            throw new IllegalStateException("Refusing to expire " + holds + " holds of " + sku
                    + ": the stock row did not take their units back");
        }
        return new ExpiredHolds((int) holds, (int) Rows.number(row, "units"));
    }

    public List<String> skusWithOverdueHolds(int maxSkus) {
        List<?> rows = em.createNativeQuery(sql.get("reservations/find_skus_with_overdue_holds"))
                .setParameter("maxSkus", maxSkus)
                .getResultList();
        return rows.stream().map(Object::toString).toList();
    }
}
