package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.control.Lottery;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.room.control.RoomState;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.RoomInfo;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * {@code GET /api/sales/{saleId}/queue}: the room, when it opens, the SHA-256 of the lottery's seed
 * (and the seed once drawn), how many wait.
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/sales/{saleId:sale}/queue")
@Described(id = "info", tag = Described.TAG_ROOM,
        summary = "The room: when it opens, the SHA-256 of the lottery's seed (and the seed once drawn), how many wait",
        outcomes = @Outcome(status = 200, type = RoomInfo.class, text = "The room"),
        refusals = {@Refusal(status = 404, slugs = "room-not-found"),
                @Refusal(status = 503, slugs = "room-unavailable")})
public class RoomFacts extends OfOneSale {

    @Inject
    RoomState state;

    @Override
    Answer of(SaleId saleId) {
        Room found = room.room(saleId);
        long waiting = state.size(RoomKeys.queue(saleId)) + state.size(RoomKeys.preQueue(saleId));
        return Answer.ok(new RoomInfo(saleId, found.enabled(), found.preQueueOpensAt(), found.opensAt(), found.seedHash(),
                found.drawn() ? Lottery.hex(found.seed()) : null, found.drawnAt(), waiting, state.counter(saleId, "admittedTotal")));
    }
}
