package dev.flashsale.room.boundary;

import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Handler;
import jakarta.inject.Inject;

/** A storefront route on one ticket of a sale's room, named by the path's {@code {saleId}} and {@code {ticket}}. */
abstract class OfOneTicket implements Handler<SaleTicket> {

    @Inject
    WaitingRoom room;

    @Override
    public SaleTicket read(Call call) {
        return SaleTicket.of(call);
    }
}
