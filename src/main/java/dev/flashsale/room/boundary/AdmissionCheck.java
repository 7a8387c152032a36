package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.pipeline.Admission;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.control.AdmissionTokens;
import dev.flashsale.room.control.RoomDirectory;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.control.TicketNames;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.room.entity.TokenCheck;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The reserve path's one question to the room, asked before the gate and PostgreSQL are asked
 * for stock: when the SKU's sale has its room on, the request must carry the admission token of
 * this buyer for this sale ({@code X-Admission-Token}), signed by a node, not run out, and not
 * revoked; anything else is 403 and nothing is claimed. A sale without a room costs a lookup in
 * memory. Whether a token still admits (not revoked, its buyer not gone, its checkout not ended)
 * is known in Redis only: when Redis cannot be asked, no token admits, however good its signature,
 * and the request is answered 503 {@code room-unavailable} with Retry-After, nothing claimed (a
 * node's own memory of used tokens would bound nothing across nodes; docs/architecture.md says
 * why). From the check until the request's answer its ticket counts as reserving (the {@link Admission}
 * this returns hears the answer), and a reservation the request answers with is tied to the
 * ticket, whose place its end frees ({@link CheckoutEnds}). Admission counts a reserving ticket's
 * unit as taken until then, and an answered one until the sale's units are read again, so that it
 * never admits more buyers than units whatever a reserve takes.
 */
@ApplicationScoped
public class AdmissionCheck {

    public static final String HEADER = "X-Admission-Token";

    /** How old the rooms known may be when a request with a token finds none: one read for a crowd in this time. */
    private static final long RECENT_MILLIS = 100;

    /**
     * How far this node's clock may be off Redis' before it refuses a live token on its own (the
     * token's expiry is Redis' time); beyond it a token is long gone on any clock.
     */
    static final long CLOCK_TOLERANCE_MILLIS = 60_000;

    private static final Logger LOG = Logger.getLogger(AdmissionCheck.class.getName());

    @Inject
    RoomDirectory directory;

    @Inject
    AdmissionTokens tokens;

    @Inject
    RoomRedis redis;

    /**
     * The room's say on a reserve that carries {@code token} (the header's value, or null):
     * refused with 403, or let through. The token must be for this buyer of the storefront key
     * that owns {@code key}.
     */
    public Admission check(Sku sku, BuyerId buyerId, IdempotencyKey key, String token) {
        Optional<SaleId> sale = directory.saleWithRoomOf(sku);
        if (sale.isEmpty() && token != null && !token.isBlank() && tokens.verify(token.strip()).isPresent()) {
            // A room signed this token, yet this node knows of no room: the room may have been set on
            // another node a moment ago and its announcement not heard yet (or lost), so look again.
            sale = directory.saleWithRoomOf(sku, RECENT_MILLIS);
        }
        if (sale.isEmpty()) {
            return Admission.NONE;
        }
        if (token == null || token.isBlank()) {
            throw new ProblemException(403, "admission-required", "Admission required",
                    "Sale " + sale.get() + " has a waiting room: reserve with the " + HEADER + " its queue gave on admission");
        }
        AdmissionClaims claims = tokens.verify(token.strip()).orElseThrow(() -> new ProblemException(403,
                "admission-token-invalid", "Admission token invalid", "The " + HEADER + " is not one this sale's room signed"));
        if (!claims.saleId().equals(sale.get())) {
            throw new ProblemException(403, "admission-token-other-sale", "Admission token of another sale",
                    "The " + HEADER + " admits to another sale than the one of SKU " + sku.value());
        }
        // A token admits its buyer through the storefront key that took its ticket (the ticket's name says which) only.
        if (!claims.buyerId().equals(buyerId) || !TicketNames.isOwnedBy(claims.ticket(), key.owner())) {
            throw new ProblemException(403, "admission-token-other-buyer", "Admission token of another buyer",
                    "The " + HEADER + " admits another buyer than " + buyerId);
        }
        // Refused here, without a round trip, only when this node's clock would have to be off by more than the
        // tolerance to be wrong; nearer its expiry, Redis' clock, which set it, decides (lua/room_use_token.lua).
        if (claims.expiresAtMillis() + CLOCK_TOLERANCE_MILLIS <= System.currentTimeMillis()) {
            throw expired();
        }
        // Redis away: RoomRedisCalls logged and counted the failure, and its 503 room-unavailable answers the request.
        TokenCheck standing = redis.useToken(claims);
        if (standing == TokenCheck.EXPIRED) {
            throw expired();
        }
        if (standing != TokenCheck.STANDS) {
            throw new ProblemException(403, "admission-token-revoked", "Admission token revoked",
                    "The " + HEADER + " was revoked, its buyer left the queue, or its checkout ended");
        }
        return new Admission() {
            @Override
            public void answered(int status) {
                AdmissionCheck.this.answered(claims, key, status);
            }

            @Override
            public String ticket() {
                return claims.ticket();
            }
        };
    }

    private static ProblemException expired() {
        return new ProblemException(403, "admission-token-expired", "Admission token expired",
                "The " + HEADER + " ran out; take a new place in the queue");
    }

    /**
     * The request's answer, once it has one (its transaction committed or rolled back): its ticket
     * is no longer reserving, and an answer that is a reservation (201, or 200 for its key's
     * reservation from before) ties the reservation's key to the ticket.
     */
    private void answered(AdmissionClaims claims, IdempotencyKey key, int status) {
        try {
            redis.reserved(claims, status == 200 || status == 201 ? key.qualified() : null);
        } catch (ProblemException redisAway) {
            // The ticket stays reserving until room_batch.lua gives up on it (a minute): admission undersells meanwhile.
            // Its reservation is not tied to it either: the place is freed when the token runs out, not when the checkout ends.
            // (RoomRedisCalls logged the failure.)
            LOG.log(Level.FINE, "Reserve answer of a ticket of sale " + claims.saleId() + " not recorded: Redis away", redisAway);
        }
    }
}
