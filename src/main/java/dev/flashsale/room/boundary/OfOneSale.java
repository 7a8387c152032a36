package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Handler;
import jakarta.inject.Inject;
import java.util.UUID;

/** A storefront route on a sale's room, named by the path's {@code {saleId}}: answered with what {@link #of} answers. */
abstract class OfOneSale implements Handler<UUID> {

    @Inject
    WaitingRoom room;

    @Override
    public UUID read(Call call) {
        return SaleTicket.saleOf(call);
    }

    @Override
    public Answer answer(Call call, UUID saleId) {
        return of(saleId);
    }

    abstract Answer of(UUID saleId);
}
