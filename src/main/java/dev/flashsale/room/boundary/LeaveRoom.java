package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code DELETE /api/sales/{saleId}/queue/{ticket}}: the buyer leaves the room, its place (and any
 * token) freed for the next; 204 also when the ticket had already expired or left.
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("DELETE /api/sales/{saleId:sale}/queue/{ticket}")
@Described(id = "leave", tag = Described.TAG_ROOM,
        summary = "Leave the waiting room: the place (and any token) is freed for the next buyer",
        outcomes = @Outcome(status = 204, text = "Left (also when the ticket had already expired or left)"),
        refusals = {@Refusal(status = 404, slugs = "room-not-found, ticket-not-found"),
                @Refusal(status = 503, slugs = "room-unavailable")})
public class LeaveRoom extends OfOneTicket {

    @Override
    public Answer answer(Call call, SaleTicket asked) {
        room.leave(asked.saleId(), asked.owner(), asked.ticket());
        return Answer.noContent();
    }
}
