package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.pipeline.Call;

/**
 * A ticket of a sale's room, as the path names them ({@code /api/sales/{saleId}/queue/{ticket}}),
 * and the owner of the storefront key that asks about it.
 */
record SaleTicket(SaleId saleId, String ticket, KeyOwner owner) {

    static SaleTicket of(Call call) {
        return new SaleTicket(saleOf(call), call.param("ticket"), call.owner());
    }

    /** The path's {@code {saleId:sale}}. */
    static SaleId saleOf(Call call) {
        return new SaleId(call.id("saleId"));
    }
}
