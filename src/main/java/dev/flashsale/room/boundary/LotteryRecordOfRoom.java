package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * {@code GET /api/sales/{saleId}/queue/lottery}: the lottery's record (seed, the pre-queue tickets'
 * commitments and their order, never a ticket), for anyone to recompute: written once with the
 * draw and served as stored, gzip-compressed ({@code Content-Encoding: gzip} to a client that accepts it).
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/sales/{saleId}/queue/lottery")
public class LotteryRecordOfRoom extends OfOneSale {

    @Override
    Answer of(UUID saleId) {
        return Answer.gzippedJson(room.lotteryRecordGzip(saleId));
    }
}
