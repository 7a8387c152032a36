package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * {@code GET /api/sales/{saleId}/queue}: the room, when it opens, the SHA-256 of the lottery's seed
 * (and the seed once drawn), how many wait.
 */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/sales/{saleId}/queue")
public class RoomFacts extends OfOneSale {

    @Override
    Answer of(UUID saleId) {
        return Answer.ok(room.info(saleId));
    }
}
