package dev.flashsale.reservations.boundary;

import dev.flashsale.gate.entity.HoldConfirmed;
import dev.flashsale.gate.entity.HoldExtended;
import dev.flashsale.gate.entity.UnitsRetaken;
import dev.flashsale.gate.entity.UnitsReturned;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.control.HoldExtensions;
import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.control.ReservationEvents;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.sales.boundary.Offers;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.stock.boundary.HoldUnits;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * What happens to a hold after checkout: payment confirms it, the buyer cancels it, a payment in
 * flight extends it. Confirm and cancel are idempotent for the client (a repeated confirm or
 * cancel answers with the same reservation), and both are conditional transitions that move the
 * hold's units in the same statement ({@link HoldUnits}), so a late payment racing the sweeper has
 * one winner; an extension is one conditional UPDATE too ({@link HoldExtensions}), which the
 * sweeper and the lazy reclaim, both reading the hold's deadline in PostgreSQL, then respect. The storefront finds,
 * confirms and cancels only the reservations of the key that asks ({@link KeyOwner}): another
 * key's is answered 404, as one that does not exist; the admin desk sees every reservation.
 */
@Stateless
public class ReservationLifecycle {

    /** A transition that lost a race re-reads the reservation and decides again, once. */
    private static final int ATTEMPTS = 2;

    @Inject
    ReservationBook reservations;

    @Inject
    HoldUnits units;

    @Inject
    Offers offers;

    @Inject
    Event<UnitsReturned> returned;

    @Inject
    Event<UnitsRetaken> retaken;

    @Inject
    HoldExtensions extensions;

    @Inject
    Event<HoldConfirmed> confirmed;

    @Inject
    Event<HoldExtended> extended;

    @Inject
    ReservationEvents events;

    /** The reservation, whichever key made it (the admin desk's). */
    public Reservation find(UUID id) {
        return find(id, Optional.empty());
    }

    /** The reservation, when {@code owner}'s key made it. */
    public Reservation find(UUID id, KeyOwner owner) {
        return find(id, Optional.of(owner));
    }

    public Reservation confirm(UUID id, KeyOwner owner) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Reservation reservation = find(id, owner);
            switch (reservation.status()) {
                case CONFIRMED -> {
                    return reservation;
                }
                case CANCELLED -> throw ProblemException.conflict("reservation-cancelled", "Reservation cancelled",
                        "Reservation " + id + " was cancelled; its units went back on sale");
                case HELD -> {
                    if (units.sellUnitsOfConfirmedHold(id, latePaymentOf(reservation) == LatePaymentPolicy.RECLAIM)) {
                        confirmed.fire(new HoldConfirmed(reservation.sku(), reservation.idempotencyKey()));
                        return announced(find(id, owner));
                    }
                    if (attempt == ATTEMPTS) {
                        throw holdExpired(id, "");
                    }
                }
                case EXPIRED -> {
                    Offer offer = offers.find(reservation.sku()).orElseThrow();
                    if (offer.latePayment() == LatePaymentPolicy.REFUSE) {
                        throw holdExpired(id, "");
                    }
                    if (offer.saleStatus() != SaleStatus.OPEN || !offer.inWindow()) {
                        // A late payment takes units again only where a buyer could take them now.
                        throw holdExpired(id, " and its sale is " + (offer.saleStatus() != SaleStatus.OPEN
                                ? offer.saleStatus().name().toLowerCase(Locale.ROOT) : "outside its window")
                                + ": its units are not taken again");
                    }
                    if (units.takeUnitsForLatePayment(id)) {
                        retaken.fire(new UnitsRetaken(reservation.sku(), reservation.idempotencyKey(), reservation.qty()));
                        return announced(find(id, owner));
                    }
                    if (attempt == ATTEMPTS) {
                        throw holdExpired(id, " and its units could not be taken again: the SKU is sold out");
                    }
                }
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /**
     * Extends a live hold of {@code owner}'s key by {@code seconds} (null: its sale's most), within
     * its sale's allowance; 409 with the reason, and nothing changed, otherwise. Once committed, the
     * gate's deadline of the hold follows.
     */
    public Reservation extend(UUID id, KeyOwner owner, Integer seconds) {
        Reservation reservation = find(id, owner);
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Optional<Reservation> done = extensions.extend(id, seconds);
            if (done.isPresent()) {
                extended.fire(new HoldExtended(reservation.sku(), reservation.idempotencyKey(), done.get().expiresAt()));
                return done.get();
            }
            Optional<ProblemException> refusal = extensions.find(id).orElseThrow(() -> notFound(id)).refusal(id);
            if (refusal.isPresent()) {
                throw refusal.get();
            }
        }
        throw new IllegalStateException("Reservation " + id + " kept changing while being extended");
    }

    /** Cancels the reservation, whichever key made it (the admin desk's). */
    public Reservation cancel(UUID id) {
        return cancel(id, Optional.empty());
    }

    /** Cancels the reservation, when {@code owner}'s key made it. */
    public Reservation cancel(UUID id, KeyOwner owner) {
        return cancel(id, Optional.of(owner));
    }

    private Reservation cancel(UUID id, Optional<KeyOwner> owner) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Reservation reservation = find(id, owner);
            switch (reservation.status()) {
                case CANCELLED, EXPIRED -> {
                    return reservation;
                }
                case CONFIRMED -> throw ProblemException.conflict("reservation-confirmed", "Reservation confirmed",
                        "Reservation " + id + " is paid for; a confirmed reservation cannot be cancelled here");
                case HELD -> {
                    if (units.returnUnitsOfCancelledHold(id)) {
                        returned.fire(UnitsReturned.alone(reservation.sku(), reservation.idempotencyKey(), reservation.qty()));
                        Reservation cancelled = find(id, owner);
                        events.cancelled(cancelled);
                        return cancelled;
                    }
                }
            }
        }
        throw new IllegalStateException("Reservation " + id + " kept changing while being cancelled");
    }

    /** A confirm's events, in its transaction: confirmed, and the sale's sold-out when it sold the last unit. */
    private Reservation announced(Reservation confirmed) {
        events.confirmed(confirmed);
        return confirmed;
    }

    /** Another key's reservation is answered as one that does not exist: which ids exist is no other key's business. */
    private Reservation find(UUID id, Optional<KeyOwner> owner) {
        return reservations.find(id).filter(found -> owner.isEmpty() || owner.get().equals(found.idempotencyKey().owner()))
                .orElseThrow(() -> notFound(id));
    }

    private LatePaymentPolicy latePaymentOf(Reservation reservation) {
        return offers.find(reservation.sku()).orElseThrow().latePayment();
    }

    private static ProblemException holdExpired(UUID id, String why) {
        return ProblemException.conflict("hold-expired", "Hold expired",
                "The hold of reservation " + id + " ran out before payment" + why + "; refund the buyer");
    }

    private static ProblemException notFound(UUID id) {
        return ProblemException.notFound("reservation", "There is no reservation " + id);
    }
}
