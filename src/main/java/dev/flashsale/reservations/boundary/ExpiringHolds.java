package dev.flashsale.reservations.boundary;

import dev.flashsale.reservations.control.ReservationBook;
import dev.flashsale.reservations.control.ReservationEvents;
import dev.flashsale.reservations.entity.Reservation;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Announces holds about to run out ({@code hold.expiring}, {@code flashsale.webhooks.hold-expiring-seconds}
 * before their deadline), each deadline once across all nodes, in the transaction that records it
 * as announced; run with the sweeper. Nothing is looked for while no webhook listens.
 */
@Stateless
public class ExpiringHolds {

    /** Holds announced per run at most; the rest at the next (the sweeper's interval). */
    private static final int BATCH = 500;

    @Inject
    ReservationBook reservations;

    @Inject
    ReservationEvents events;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.hold-expiring-seconds")
    int expiringSeconds;

    /** @return the holds announced */
    public int announce() {
        if (expiringSeconds <= 0 || !events.expiringListened()) {
            return 0;
        }
        reservations.forgetExpiringNotices(BATCH);
        List<Reservation> soon = reservations.noticeExpiringHolds(expiringSeconds, BATCH);
        soon.forEach(events::expiring);
        return soon.size();
    }
}
