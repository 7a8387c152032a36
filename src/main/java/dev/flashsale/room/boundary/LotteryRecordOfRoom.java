package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Described.Outcome;
import dev.flashsale.platform.pipeline.Described.Refusal;
import dev.flashsale.platform.pipeline.Described;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.control.LotteryRecords;
import dev.flashsale.room.entity.LotteryRecord;
import dev.flashsale.room.entity.Room;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * {@code GET /api/sales/{saleId}/queue/lottery}: the lottery's record (seed, the pre-queue tickets'
 * commitments and their order, never a ticket), for anyone to recompute: written once with the
 * draw and served as stored, gzip-compressed ({@code Content-Encoding: gzip} to a client that accepts it).
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/sales/{saleId:sale}/queue/lottery")
@Described(id = "lottery", tag = Described.TAG_ROOM,
        summary = "The lottery's record: seed, the pre-queue tickets' commitments (SHA-256 of each ticket, never the "
                + "ticket) and their order, for anyone to recompute",
        outcomes = @Outcome(status = 200, type = LotteryRecord.class, text = "The record"),
        refusals = {@Refusal(status = 404, slugs = "room-not-found"),
                @Refusal(status = 409, slugs = "lottery-not-drawn")})
public class LotteryRecordOfRoom extends OfOneSale {

    @Inject
    LotteryRecords records;

    /** The record as stored with the draw ({@link LotteryRecords}); 409 lottery-not-drawn before the draw. */
    @Override
    Answer of(SaleId saleId) {
        Room found = room.room(saleId);
        return Answer.gzippedJson(records.gzipOf(saleId).orElseThrow(() -> ProblemException.conflict("lottery-not-drawn",
                "Lottery not drawn", "The lottery of sale " + saleId + " is drawn at its opening second"
                        + (found.opensAt() == null ? "" : ", " + found.opensAt()) + "; its seed's SHA-256 is " + found.seedHash())));
    }
}
