package dev.flashsale.foil;

import dev.flashsale.platform.id.KeyOwner;
import jakarta.ejb.Stateless;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.UUID;

/**
 * THE WRONG WAY, kept only as a foil for the tests: read the stock, decide in Java, write the
 * new count back. Two buyers read the same count, both pass the check, the second write wins,
 * and a unit is sold twice, even inside a transaction (READ COMMITTED). The tests run it under
 * the same load as the real checkout to show that their load does catch an oversell.
 * Its SQL stays here, in the test, on purpose: nothing in the product may look like this.
 */
@Stateless
public class NaiveCheckout {

    @PersistenceContext
    EntityManager em;

    /** @return whether the naive check let the buyer have the units */
    public boolean reserve(String idempotencyKey, String sku, String buyerId, int qty) {
        Object[] counts = (Object[]) em.createNativeQuery("SELECT total, held, sold FROM stock WHERE sku = :sku")
                .setParameter("sku", sku).getSingleResult();
        int total = ((Number) counts[0]).intValue();
        int held = ((Number) counts[1]).intValue();
        int sold = ((Number) counts[2]).intValue();
        if (total - held - sold < qty) {
            return false;
        }
        em.createNativeQuery("INSERT INTO reservation (id, owner, idempotency_key, sku, buyer_id, qty, status, expires_at)"
                        + " VALUES (:id, :owner, :key, :sku, :buyer, :qty, 'HELD', now() + interval '10 minutes')")
                .setParameter("id", UUID.randomUUID()).setParameter("owner", KeyOwner.CONFIGURED.id())
                .setParameter("key", idempotencyKey).setParameter("sku", sku)
                .setParameter("buyer", buyerId).setParameter("qty", qty).executeUpdate();
        em.createNativeQuery("UPDATE stock_shard SET held = :held WHERE sku = :sku AND shard = 0")
                .setParameter("held", held + qty).setParameter("sku", sku).executeUpdate();
        return true;
    }
}
