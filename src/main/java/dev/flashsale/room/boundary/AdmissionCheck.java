package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.control.AdmissionTokens;
import dev.flashsale.room.control.RoomDirectory;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.room.entity.TokenCheck;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The reserve path's one question to the room, asked before the gate and PostgreSQL are asked
 * for stock: when the SKU's sale has its room on, the request must carry the admission token of
 * this buyer for this sale ({@code X-Admission-Token}), signed by a node, not run out, and not
 * revoked; anything else is 403 and nothing is claimed. A sale without a room costs a lookup in
 * memory. Revocation is in Redis: when Redis cannot be asked, a token with a good signature stands.
 * From the check until the request's answer its ticket counts as reserving ({@link ReservingAnswered}),
 * and a reservation the request answers with is tied to the ticket, whose place its end frees
 * ({@link CheckoutEnds}).
 */
@ApplicationScoped
public class AdmissionCheck {

    public static final String HEADER = "X-Admission-Token";

    private static final Logger LOG = Logger.getLogger(AdmissionCheck.class.getName());

    @Inject
    RoomDirectory directory;

    @Inject
    AdmissionTokens tokens;

    @Inject
    RoomRedis redis;

    @Inject
    HttpServletRequest request;

    /** Whether a reserve of this SKU must carry an admission token: its sale has its room on. */
    public boolean appliesTo(Sku sku) {
        return directory.saleWithRoomOf(sku).isPresent();
    }

    public void check(Sku sku, String buyerId, IdempotencyKey key) {
        Optional<UUID> sale = directory.saleWithRoomOf(sku);
        if (sale.isEmpty()) {
            return;
        }
        String token = request.getHeader(HEADER);
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
        if (!claims.buyerId().equals(buyerId)) {
            throw new ProblemException(403, "admission-token-other-buyer", "Admission token of another buyer",
                    "The " + HEADER + " admits another buyer than " + buyerId);
        }
        if (claims.expiresAtMillis() <= System.currentTimeMillis()) {
            throw new ProblemException(403, "admission-token-expired", "Admission token expired",
                    "The " + HEADER + " ran out; take a new place in the queue");
        }
        if (!stillAdmitted(claims)) {
            throw new ProblemException(403, "admission-token-revoked", "Admission token revoked",
                    "The " + HEADER + " was revoked, its buyer left the queue, or its checkout ended");
        }
        // ReservingAnswered records the answer, whatever it is, once the request has one.
        request.setAttribute(ReservingAnswered.ATTRIBUTE, new ReservingAnswered.Reserving(claims, key));
    }

    private boolean stillAdmitted(AdmissionClaims claims) {
        try {
            return redis.useToken(claims) == TokenCheck.STANDS;
        } catch (ProblemException redisAway) {
            LOG.log(Level.FINE, "Revocation of a token of sale " + claims.saleId() + " not checked: Redis away", redisAway);
            return true;
        }
    }
}
