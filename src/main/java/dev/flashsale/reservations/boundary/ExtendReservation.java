package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.pipeline.JsonObjectReader;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.entity.ExtensionRequest;
import dev.flashsale.reservations.entity.ReservationView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * {@code POST /api/reservations/{id}/extend}: a live hold waits longer for a payment in flight,
 * within its sale's allowance. Body {@code {"seconds": N}}, or none (or {@code {}}) for the sale's
 * most. Not idempotent: each answered extension counts against the allowance.
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("POST /api/reservations/{id:reservation}/extend")
@Described(id = "extend",
        summary = "Extend a live hold for a payment in flight: by the seconds asked (none: the sale's most), at most "
                + "the sale's maxExtensionSeconds, at most its maxExtensions times",
        body = ExtensionRequest.class, bodyRequired = false,
        bodyText = "seconds: the seconds wanted, 1 to 86400; the sale grants at most its maxExtensionSeconds. Left out "
                + "(or no body): the sale's most",
        outcomes = @Outcome(status = 200, type = ReservationView.class, text = "The reservation, its hold extended: the new expiresAt, and its extensions counted"),
        refusals = {@Refusal(status = 404, slugs = "reservation-not-found"),
                @Refusal(status = 409, slugs = "hold-expired, reservation-confirmed, reservation-cancelled, extension-off, extensions-spent")})
public class ExtendReservation implements Handler<ExtendReservation.Asked> {

    /** The reservation named and the seconds asked for. */
    public record Asked(ReservationId id, ExtensionRequest request) {
    }

    private static final JsonObjectReader<ExtensionRequest> BODIES = JsonObjectReader.ofNumber("seconds", ExtensionRequest::new);

    @Inject
    HoldExtending holds;

    @Override
    public Asked read(Call call) {
        return new Asked(new ReservationId(call.id("id")), call.optionalBody(BODIES, ExtensionRequest.SALE_DEFAULT));
    }

    @Override
    public Answer answer(Call call, Asked asked) {
        return Answer.ok(ReservationView.of(holds.extend(asked.id(), call.owner(), asked.request().asked())));
    }
}
