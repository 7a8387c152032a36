package dev.flashsale.reservations.boundary;

import dev.flashsale.gate.entity.HoldConfirmed;
import dev.flashsale.gate.entity.UnitsRetaken;
import dev.flashsale.gate.entity.UnitsReturned;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.control.ReservationEvents;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationRefusals;
import dev.flashsale.sales.boundary.Offers;
import dev.flashsale.sales.entity.LatePaymentPolicy;
import dev.flashsale.sales.entity.Offer;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.stock.boundary.HoldUnits;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * What happens to a hold after checkout: payment confirms it, the buyer cancels it (a payment in
 * flight extends it: {@link HoldExtending}). Confirm and cancel are idempotent for the client (a
 * repeated confirm or cancel answers with the same reservation), and both are conditional
 * transitions that move the hold's units in the same statement ({@link HoldUnits}), so a late
 * payment racing the sweeper has one winner. The storefront finds,
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
    Event<HoldConfirmed> confirmed;

    @Inject
    ReservationEvents events;

    /** The reservation, whichever key made it (the admin desk's). */
    public Reservation find(ReservationId id) {
        return find(id, Optional.empty());
    }

    /** The reservation, when {@code owner}'s key made it. */
    public Reservation find(ReservationId id, KeyOwner owner) {
        return find(id, Optional.of(owner));
    }

    public Reservation confirm(ReservationId id, KeyOwner owner) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Reservation reservation = find(id, owner);
            switch (reservation.status()) {
                case CONFIRMED -> {
                    return reservation;
                }
                case CANCELLED -> throw ReservationRefusals.cancelled(id);
                case HELD -> {
                    boolean reclaims = offers.find(reservation.sku()).orElseThrow().latePayment() == LatePaymentPolicy.RECLAIM;
                    if (units.sellUnitsOfConfirmedHold(id, reclaims)) {
                        confirmed.fire(new HoldConfirmed(reservation.sku(), reservation.idempotencyKey()));
                        return announced(find(id, owner));
                    }
                    if (attempt == ATTEMPTS) {
                        throw ReservationRefusals.holdExpired(id, "");
                    }
                }
                case EXPIRED -> {
                    Offer offer = offers.find(reservation.sku()).orElseThrow();
                    if (offer.latePayment() == LatePaymentPolicy.REFUSE) {
                        throw ReservationRefusals.holdExpired(id, "");
                    }
                    if (offer.saleStatus() != SaleStatus.OPEN || !offer.inWindow()) {
                        throw ReservationRefusals.notTakenAgain(id, offer); // only where a buyer could take them now
                    }
                    if (units.takeUnitsForLatePayment(id)) {
                        retaken.fire(new UnitsRetaken(reservation.sku(), reservation.idempotencyKey(), reservation.qty()));
                        return announced(find(id, owner));
                    }
                    if (attempt == ATTEMPTS) {
                        throw ReservationRefusals.holdExpired(id, " and its units could not be taken again: the SKU is sold out");
                    }
                }
            }
        }
        throw new IllegalStateException("unreachable");
    }

    /** Cancels the reservation, whichever key made it (the admin desk's). */
    public Reservation cancel(ReservationId id) {
        return cancel(id, Optional.empty());
    }

    /** Cancels the reservation, when {@code owner}'s key made it. */
    public Reservation cancel(ReservationId id, KeyOwner owner) {
        return cancel(id, Optional.of(owner));
    }

    private Reservation cancel(ReservationId id, Optional<KeyOwner> owner) {
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Reservation reservation = find(id, owner);
            switch (reservation.status()) {
                case CANCELLED, EXPIRED -> {
                    return reservation;
                }
                case CONFIRMED -> throw ReservationRefusals.confirmed(id);
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
    private Reservation find(ReservationId id, Optional<KeyOwner> owner) {
        return reservations.find(id).filter(found -> owner.isEmpty() || owner.get().equals(found.idempotencyKey().owner()))
                .orElseThrow(() -> ReservationRefusals.notFound(id));
    }
}
