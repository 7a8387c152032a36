package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Handler;
import jakarta.inject.Inject;

/** A storefront route on a sale's room, named by the path's {@code {saleId}}: answered with what {@link #of} answers. */
abstract class OfOneSale implements Handler<SaleId> {

    @Inject
    WaitingRoom room;

    @Override
    public SaleId read(Call call) {
        return SaleTicket.saleOf(call);
    }

    @Override
    public Answer answer(Call call, SaleId saleId) {
        return of(saleId);
    }

    abstract Answer of(SaleId saleId);
}
