package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.entity.AdmissionClaims;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A reserve request that {@link AdmissionCheck} let through with a token has its answer now (its
 * transaction committed or rolled back): its ticket is no longer reserving. Admission counts a
 * reserving ticket's unit as taken until then, and an answered one until the sale's units are
 * read again, so that it never admits more buyers than units whatever a reserve takes. An answer
 * that is a reservation (201, or 200 for its key's reservation from before) ties the reservation's
 * key to the ticket: when the reservation ends, {@link CheckoutEnds} frees the ticket's place.
 */
@Provider
public class ReservingAnswered implements ContainerResponseFilter {

    static final String ATTRIBUTE = "dev.flashsale.room.reserving";

    /** A reserve request let through with a token: the token's claims and the request's key. */
    record Reserving(AdmissionClaims claims, IdempotencyKey key) {
    }

    private static final Logger LOG = Logger.getLogger(ReservingAnswered.class.getName());

    @Inject
    HttpServletRequest request;

    @Inject
    RoomRedis redis;

    @Override
    public void filter(ContainerRequestContext requestContext, ContainerResponseContext responseContext) {
        if (!(request.getAttribute(ATTRIBUTE) instanceof Reserving reserving)) {
            return;
        }
        request.removeAttribute(ATTRIBUTE);
        AdmissionClaims claims = reserving.claims();
        int status = responseContext.getStatus();
        String reservation = status == 200 || status == 201 ? reserving.key().value() : null;
        try {
            redis.reserved(claims, reservation);
        } catch (ProblemException redisAway) {
            // The ticket stays reserving until room_batch.lua gives up on it (a minute): admission undersells meanwhile.
            // Its reservation is not tied to it either: the place is freed when the token runs out, not when the checkout ends.
            // (RoomRedis logged the failure.)
            LOG.log(Level.FINE, "Reserve answer of a ticket of sale " + claims.saleId() + " not recorded: Redis away", redisAway);
        }
    }
}
