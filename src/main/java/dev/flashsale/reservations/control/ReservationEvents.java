package dev.flashsale.reservations.control;

import dev.flashsale.platform.JsonBuilders;
import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.stock.boundary.StockLedger;
import dev.flashsale.stock.entity.ReturnedHold;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.webhooks.boundary.Outbox;
import dev.flashsale.webhooks.entity.EventType;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObjectBuilder;
import jakarta.transaction.Transactional;
import java.util.List;

/**
 * The reservations' webhook events, written to the outbox in the transaction of the transition
 * that caused each: a confirm (and the sale's sold-out, when that confirm sold its last unit), a
 * cancel, a hold's expiry, a hold about to expire.
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ReservationEvents {

    @Inject
    Outbox outbox;

    @Inject
    StockLedger stock;

    public void confirmed(Reservation reservation) {
        outbox.record(EventType.RESERVATION_CONFIRMED, data(reservation).build());
        stock.saleSoldOutBy(reservation.id()).ifPresent(sale ->
                outbox.record(EventType.SALE_SOLD_OUT, JsonBuilders.object().add("saleId", sale.toString()).build()));
    }

    public void cancelled(Reservation reservation) {
        outbox.record(EventType.RESERVATION_CANCELLED, data(reservation).build());
    }

    public void expiring(Reservation reservation) {
        outbox.record(EventType.HOLD_EXPIRING, data(reservation).build());
    }

    /** A batch of holds of one SKU expired: asks once whether anyone listens, then writes one event each. */
    public void expired(Sku sku, List<ReturnedHold> holds) {
        if (holds.isEmpty() || !outbox.listened(EventType.HOLD_EXPIRED)) {
            return;
        }
        for (ReturnedHold hold : holds) {
            outbox.record(EventType.HOLD_EXPIRED, data(hold.id(), hold.key(), sku, hold.buyerId(), hold.qty())
                    .add("status", "EXPIRED").build());
        }
    }

    /** Whether anyone listens for holds about to expire (when not, nobody looks for them). */
    public boolean expiringListened() {
        return outbox.listened(EventType.HOLD_EXPIRING);
    }

    private static JsonObjectBuilder data(Reservation reservation) {
        return data(reservation.id(), reservation.idempotencyKey(), reservation.sku(), reservation.buyerId(), reservation.qty())
                .add("status", reservation.status().name()).add("expiresAt", reservation.expiresAt().toString());
    }

    private static JsonObjectBuilder data(ReservationId id, IdempotencyKey key, Sku sku, BuyerId buyerId, int qty) {
        return JsonBuilders.object()
                .add("reservationId", id.toString())
                .add("idempotencyKey", key.value())
                .add("sku", sku.value())
                .add("buyerId", buyerId.value())
                .add("qty", qty);
    }
}
