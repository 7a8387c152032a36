package dev.flashsale.reservations.boundary;

import dev.flashsale.audit.boundary.AuditTrail;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.entity.Movement;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationPage;
import dev.flashsale.reservations.entity.ReservationQuery;
import dev.flashsale.reservations.entity.ReservationStatus;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;

/**
 * Reservations as merchandisers see them: search, a reservation's history from the ledger, and
 * cancelling a hold for a buyer (through the same lifecycle as the storefront's cancel).
 */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
public class ReservationDesk {

    public static final int SEARCH_LIMIT = 200;

    @Inject
    ReservationBook reservations;

    @Inject
    ReservationLifecycle lifecycle;

    @Inject
    AuditTrail audit;

    public List<Reservation> search(ReservationQuery query) {
        return reservations.search(query, 0, SEARCH_LIMIT, false).rows();
    }

    /**
     * A page of what {@code query} finds, {@code size} (at most {@link #SEARCH_LIMIT}) from
     * {@code first}, newest first unless {@code oldestFirst}, and how many it finds in all.
     */
    public ReservationPage page(ReservationQuery query, int first, int size, boolean oldestFirst) {
        return reservations.search(query, Math.max(0, first), Math.max(1, Math.min(size, SEARCH_LIMIT)), oldestFirst);
    }

    public List<Movement> history(ReservationId id) {
        lifecycle.find(id);
        return reservations.movementsOf(id);
    }

    /** Cancels a live hold; a reservation that is not HELD is refused rather than silently kept. */
    @RolesAllowed(Roles.MERCHANDISER)
    public Reservation cancelHold(ReservationId id) {
        Reservation reservation = lifecycle.find(id);
        if (reservation.status() != ReservationStatus.HELD) {
            throw ProblemException.conflict("not-a-hold", "Not a hold",
                    "Reservation " + id + " is " + reservation.status() + "; only a HELD reservation can be cancelled here");
        }
        Reservation cancelled = lifecycle.cancel(id);
        audit.record(AuditAction.RESERVATION_CANCEL, "reservation:" + id,
                cancelled.qty() + " x " + cancelled.sku() + " of buyer " + cancelled.buyerId() + " -> " + cancelled.status());
        return cancelled;
    }
}
