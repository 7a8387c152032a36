package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.JsonObjectReader;
import dev.flashsale.platform.pipeline.LaterHandler;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.TicketRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;

/** {@code POST /api/sales/{saleId}/queue}: a place in the sale's waiting room; asking again gives the buyer's same ticket (200). */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("POST /api/sales/{saleId:sale}/queue")
@Described(id = "take", tag = Described.TAG_ROOM,
        summary = "Take a place in the sale's waiting room; asking again gives the buyer's same ticket",
        body = TicketRequest.class,
        outcomes = {@Outcome(status = 200, type = QueueAnswer.class, text = "The buyer's ticket from before, where it stands"),
                @Outcome(status = 201, type = QueueAnswer.class, text = "A new ticket, where it stands")},
        refusals = {@Refusal(status = 404, slugs = "room-not-found"),
                @Refusal(status = 409, slugs = "room-off, queue-not-open, queue-full"),
                @Refusal(status = 503, slugs = "room-unavailable")})
public class TakeTicket implements LaterHandler<TakeTicket.Asked> {

    /** The body every buyer of a crowd sends first, read straight off the JSON stream. */
    static final JsonObjectReader<TicketRequest> BODIES = JsonObjectReader.ofText("buyerId", TicketRequest::new);

    /** The buyer who asks for a place in the room of a sale, through the storefront key of {@code owner}. */
    record Asked(SaleId saleId, KeyOwner owner, BuyerId buyerId) {
    }

    @Inject
    WaitingRoom room;

    @Inject
    RoomMetrics metrics;

    @Override
    public Asked read(Call call) {
        TicketRequest body = call.body(BODIES);
        return new Asked(SaleTicket.saleOf(call), call.owner(), body.buyer());
    }

    @Override
    public CompletableFuture<Answer> answerLater(Call call, Asked asked) {
        return room.take(asked.saleId(), asked.owner(), asked.buyerId()).thenApply(taken -> {
            metrics.ticketTaken(taken.created());
            byte[] json = taken.answer().json();
            return taken.created() ? Answer.created(call.location(taken.answer().answer().ticket()), json) : Answer.json(200, json);
        });
    }
}
