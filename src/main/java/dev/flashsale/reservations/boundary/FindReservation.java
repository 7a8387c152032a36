package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.entity.Reservation;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** {@code GET /api/reservations/{id}}: a reservation, as it stands. */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/reservations/{id}")
public class FindReservation extends OneReservation {

    @Override
    Reservation apply(UUID id, KeyOwner owner) {
        return lifecycle.find(id, owner);
    }
}
