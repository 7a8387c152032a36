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

/** {@code POST /api/reservations/{id}/confirm}: a hold confirmed after payment; confirming again answers the same. */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("POST /api/reservations/{id:reservation}/confirm")
@Described(id = "confirm", summary = "Confirm a hold after payment; confirming again answers the same",
        outcomes = @Outcome(status = 200, type = ReservationView.class, text = "The reservation, confirmed"),
        refusals = {@Refusal(status = 404, slugs = "reservation-not-found"),
                @Refusal(status = 409, slugs = "reservation-cancelled, hold-expired")})
public class ConfirmReservation extends OneReservation {

    @Override
    Reservation apply(ReservationId id, KeyOwner owner) {
        return lifecycle.confirm(id, owner);
    }
}
