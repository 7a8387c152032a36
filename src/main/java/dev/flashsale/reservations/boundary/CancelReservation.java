package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.entity.Reservation;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** {@code POST /api/reservations/{id}/cancel}: a hold cancelled, its units back on sale; cancelling again answers the same. */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("POST /api/reservations/{id}/cancel")
public class CancelReservation extends OneReservation {

    @Override
    Reservation apply(UUID id, KeyOwner owner) {
        return lifecycle.cancel(id, owner);
    }
}
