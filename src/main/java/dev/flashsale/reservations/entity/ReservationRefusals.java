package dev.flashsale.reservations.entity;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.sales.entity.SaleStatus;
import java.util.Locale;

/** A reservation's refusals after checkout, each in one place. */
public final class ReservationRefusals {

    private ReservationRefusals() {
    }

    public static ProblemException notFound(ReservationId id) {
        return ProblemException.notFound("reservation", "There is no reservation " + id);
    }

    /** The hold ran out before payment; {@code why} says more (or nothing). */
    public static ProblemException holdExpired(ReservationId id, String why) {
        return ProblemException.conflict("hold-expired", "Hold expired",
                "The hold of reservation " + id + " ran out before payment" + why + "; refund the buyer");
    }

    /** A late payment takes units again only where a buyer could take them now: not in a sale closed, paused or out of its window. */
    public static ProblemException notTakenAgain(ReservationId id, Offer offer) {
        return holdExpired(id, " and its sale is " + (offer.saleStatus() != SaleStatus.OPEN
                ? offer.saleStatus().name().toLowerCase(Locale.ROOT) : "outside its window") + ": its units are not taken again");
    }

    public static ProblemException cancelled(ReservationId id) {
        return ProblemException.conflict("reservation-cancelled", "Reservation cancelled",
                "Reservation " + id + " was cancelled; its units went back on sale");
    }

    public static ProblemException confirmed(ReservationId id) {
        return ProblemException.conflict("reservation-confirmed", "Reservation confirmed",
                "Reservation " + id + " is paid for; a confirmed reservation cannot be cancelled here");
    }
}
