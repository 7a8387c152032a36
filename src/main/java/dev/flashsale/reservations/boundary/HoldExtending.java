package dev.flashsale.reservations.boundary;

import dev.flashsale.gate.entity.HoldExtended;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.control.HoldExtensions;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationRefusals;
import jakarta.ejb.Stateless;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * A payment in flight extends a live hold: one conditional UPDATE ({@link HoldExtensions}), which
 * the sweeper and the lazy reclaim, both reading the hold's deadline in PostgreSQL, then respect.
 * Only the key that made the reservation extends it ({@link ReservationLifecycle#find(ReservationId, KeyOwner)}).
 */
@Stateless
public class HoldExtending {

    /** An extension that lost a race re-reads the hold and decides again, once. */
    private static final int ATTEMPTS = 2;

    @Inject
    ReservationLifecycle lifecycle;

    @Inject
    HoldExtensions extensions;

    @Inject
    Event<HoldExtended> extended;

    /**
     * Extends a live hold of {@code owner}'s key by {@code seconds} (null: its sale's most), within
     * its sale's allowance; 409 with the reason, and nothing changed, otherwise. Once committed, the
     * gate's deadline of the hold follows.
     */
    public Reservation extend(ReservationId id, KeyOwner owner, Integer seconds) {
        Reservation reservation = lifecycle.find(id, owner);
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            Optional<Reservation> done = extensions.extend(id, seconds);
            if (done.isPresent()) {
                extended.fire(new HoldExtended(reservation.sku(), reservation.idempotencyKey(), done.get().expiresAt()));
                return done.get();
            }
            Optional<ProblemException> refusal = extensions.find(id).orElseThrow(() -> ReservationRefusals.notFound(id)).refusal(id);
            if (refusal.isPresent()) {
                throw refusal.get();
            }
        }
        throw new IllegalStateException("Reservation " + id + " kept changing while being extended");
    }
}
