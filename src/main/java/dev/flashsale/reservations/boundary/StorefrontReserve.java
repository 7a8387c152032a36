package dev.flashsale.reservations.boundary;

import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.rest.JsonObjectReader;
import dev.flashsale.reservations.entity.BuyerId;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.ReserveRequest;
import dev.flashsale.room.boundary.AdmissionCheck;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * A storefront's reserve request, read and checked, in the order every refusal has: the key, the
 * buyer's rate limit, the waiting room's token, then the gate and PostgreSQL ({@link GatedCheckout}).
 * The same whether the request came through the REST resource or the fast path.
 */
@ApplicationScoped
public class StorefrontReserve {

    @Inject
    GatedCheckout checkout;

    @Inject
    StorefrontLimits limits;

    @Inject
    AdmissionCheck room;

    public ReserveOutcome reserve(String idempotencyKey, ReserveRequest body) {
        if (body == null) {
            throw JsonObjectReader.malformed();
        }
        ReserveCommand command = new ReserveCommand(new IdempotencyKey(idempotencyKey), new Sku(body.sku()),
                new BuyerId(body.buyerId()), body.units());
        limits.checkBuyer(command.buyerId().value());
        room.check(command.sku(), command.buyerId().value(), command.key());
        return checkout.reserve(command);
    }

    /**
     * Whether the request is for a sale with a waiting room, whose answer the room must also hear;
     * a SKU that is no SKU is for none (its refusal comes in its turn, after the key's).
     */
    public boolean throughRoom(ReserveRequest body) {
        return Sku.isValid(body.sku()) && room.appliesTo(new Sku(body.sku()));
    }
}
