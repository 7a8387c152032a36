package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationView;
import jakarta.enterprise.context.ApplicationScoped;

/** {@code GET /api/reservations/{id}}: a reservation, as it stands. */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/reservations/{id:reservation}")
@Described(id = "find",
        summary = "A reservation of the calling storefront key (another key's, for confirm and cancel too, is not found)",
        outcomes = @Outcome(status = 200, type = ReservationView.class, text = "The reservation"),
        refusals = {@Refusal(status = 404, slugs = "reservation-not-found")})
public class FindReservation extends OneReservation {

    @Override
    Reservation apply(ReservationId id, KeyOwner owner) {
        return lifecycle.find(id, owner);
    }
}
