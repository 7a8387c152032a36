package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.LaterHandler;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.entity.QueueAnswer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;

/**
 * {@code GET /api/sales/{saleId}/queue/{ticket}}: where a ticket stands (WAITING, ADMITTED with the
 * token checkout requires, SOLD_OUT, EXPIRED, LEFT, REVOKED, CHECKOUT_ENDED).
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/sales/{saleId:sale}/queue/{ticket}")
@Described(id = "poll", tag = Described.TAG_ROOM,
        summary = "Where a ticket of the calling storefront key (another key's, for leave too, is not found) stands: "
                + "WAITING, ADMITTED (with the token checkout requires), SOLD_OUT, EXPIRED, LEFT, REVOKED, "
                + "CHECKOUT_ENDED",
        outcomes = @Outcome(status = 200, type = QueueAnswer.class, text = "The ticket"),
        refusals = {@Refusal(status = 404, slugs = "room-not-found, ticket-not-found"),
                @Refusal(status = 503, slugs = "room-unavailable")})
public class PollTicket extends OfOneTicket implements LaterHandler<SaleTicket> {

    @Inject
    RoomMetrics metrics;

    @Override
    public CompletableFuture<Answer> answerLater(Call call, SaleTicket asked) {
        return room.poll(asked.saleId(), asked.owner(), asked.ticket())
                .thenApply(answered -> {
                    metrics.polled(answered.answer());
                    return Answer.json(200, answered.json());
                });
    }
}
