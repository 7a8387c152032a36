package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationView;
import jakarta.inject.Inject;

/**
 * A storefront route on one reservation, named by the path's {@code {id}}, of the calling key's
 * own: answered with the reservation after {@link #apply}.
 */
abstract class OneReservation implements Handler<ReservationId> {

    @Inject
    ReservationLifecycle lifecycle;

    @Override
    public ReservationId read(Call call) {
        return new ReservationId(call.id("id"));
    }

    @Override
    public Answer answer(Call call, ReservationId id) {
        return Answer.ok(ReservationView.of(apply(id, call.owner())));
    }

    abstract Reservation apply(ReservationId id, KeyOwner owner);
}
