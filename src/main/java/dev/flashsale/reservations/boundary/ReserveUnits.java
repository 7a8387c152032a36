package dev.flashsale.reservations.boundary;

import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.pipeline.Admission;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reports.boundary.RefusalCounts;
import dev.flashsale.reservations.control.ReservationMetrics;
import dev.flashsale.reservations.entity.ReservationView;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.ReserveRequest;
import dev.flashsale.room.boundary.AdmissionCheck;
import dev.flashsale.sales.boundary.KnownSkus;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * {@code POST /api/reservations}: hold units of a SKU for a buyer, under the request's
 * Idempotency-Key in the calling storefront key's space (a retry by the same storefront key gets
 * the same reservation, 200; another key's same Idempotency-Key is another checkout). Its refusals come in one order: the
 * body, the key, the SKU and the buyer's id; a SKU no sale has; the buyer's rate limit (none for a
 * SKU this node knows is sold out); the waiting room's token; then the gate and PostgreSQL ({@link GatedCheckout}).
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("POST /api/reservations")
@Described(id = "reserve",
        summary = "Hold units of a SKU for a buyer; a retry with the same Idempotency-Key by the same storefront key "
                + "gets the same reservation (each key has its own idempotency keys)",
        body = ReserveRequest.class, headers = "Idempotency-Key",
        outcomes = {@Outcome(status = 200, type = ReservationView.class, text = "Reserved before under this Idempotency-Key: the same reservation"),
                @Outcome(status = 201, type = ReservationView.class, text = "Reserved: the hold, until expiresAt")},
        refusals = {@Refusal(status = 400, slugs = "idempotency-key-missing, idempotency-key-invalid, invalid-sku, invalid-buyer-id, quantity-above-limit"),
                @Refusal(status = 403, slugs = "admission-required, admission-token-invalid, admission-token-other-sale, admission-token-other-buyer, admission-token-expired, admission-token-revoked, admission-token-used"),
                @Refusal(status = 404, slugs = "sku-not-found"),
                @Refusal(status = 409, slugs = "sold-out, sale-not-open, outside-sale-window, buyer-limit-reached"),
                @Refusal(status = 422, slugs = "idempotency-key-reused"), @Refusal(status = 503, slugs = "busy, room-unavailable")})
public class ReserveUnits implements Handler<ReserveCommand> {

    private static final ReserveRequestReader BODIES = new ReserveRequestReader();

    @Inject
    GatedCheckout checkout;

    @Inject
    KnownSkus skus;

    @Inject
    StorefrontLimits limits;

    @Inject
    AdmissionCheck room;

    @Inject
    ReservationMetrics metrics;

    @Inject
    RefusalCounts refusals;

    @Override
    public ReserveCommand read(Call call) {
        ReserveRequest body = call.body(BODIES);
        return new ReserveCommand(new IdempotencyKey(call.owner(), call.header("Idempotency-Key")), new Sku(body.sku()),
                new BuyerId(body.buyerId()), body.units());
    }

    /**
     * A SKU no sale has is refused first ({@link KnownSkus}: a lookup in memory, and at most every
     * 100 ms one read of the sales' SKUs). Then the buyer's rate limit, but for a SKU this node
     * knows is sold out: that refusal costs no round trip, and a buyer who floods it only gets
     * more of them.
     */
    @Override
    public void limit(ReserveCommand command) {
        if (skus.noSaleHas(command.sku())) {
            throw command.sku().notOnSale();
        }
        try {
            if (!checkout.refusedFromMemory(command)) {
                limits.checkBuyer(command.key().owner(), command.buyerId());
            }
        } catch (ProblemException refused) {
            throw counted(command, refused);
        }
    }

    @Override
    public Admission admit(Call call, ReserveCommand command) {
        try {
            return room.check(command.sku(), command.buyerId(), command.key(), call.header(AdmissionCheck.HEADER));
        } catch (ProblemException refused) {
            throw counted(command, refused);
        }
    }

    @Override
    public Answer answer(Call call, ReserveCommand command) {
        return answer(call, command, Admission.NONE);
    }

    /** PostgreSQL records the admission's ticket with the hold, and refuses a second checkout of one ticket. */
    @Override
    public Answer answer(Call call, ReserveCommand command, Admission admission) {
        ReserveOutcome outcome;
        try {
            outcome = checkout.reserve(command.admittedBy(admission.ticket()));
        } catch (ProblemException refused) {
            throw counted(command, refused);
        }
        ReservationView view = ReservationView.of(outcome.reservation());
        byte[] json = Answer.toJson(view);
        return outcome.created() ? Answer.created(call.location(view.id().toString()), json) : Answer.json(200, json);
    }

    /** A refusal of a SKU's reserve, counted for the sale's report (sku-not-found is no sale's). */
    private ProblemException counted(ReserveCommand command, ProblemException refused) {
        if (refused.status() != 404) {
            refusals.refused(command.sku().value(), refused.slug());
        }
        return refused;
    }

    @Override
    public void answered(int status, String problem, long nanos) {
        metrics.answered(status, problem, nanos);
    }
}
