package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Answers;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.UUID;

/** {@code GET /api/sales/{saleId}/queue/lottery}: the lottery's record (seed, pre-queue tickets and their order), for anyone to recompute. */
@ApplicationScoped
@Access(Roles.STOREFRONT)
@Answers("GET /api/sales/{saleId}/queue/lottery")
public class LotteryRecordOfRoom implements Handler<UUID> {

    @Inject
    WaitingRoom room;

    @Override
    public UUID read(Call call) {
        return SaleTicket.saleOf(call);
    }

    @Override
    public Answer answer(Call call, UUID saleId) {
        return Answer.ok(room.lottery(saleId));
    }
}
