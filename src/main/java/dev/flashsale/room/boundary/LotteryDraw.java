package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.LotteryBook;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;

/** The lottery's record in PostgreSQL, in a transaction of its own: written once, whichever node comes first. */
@Stateless
public class LotteryDraw {

    @Inject
    LotteryBook book;

    /** @return the lottery's order: of {@code tickets} when this call drew it, else the one recorded before */
    public List<String> record(SaleId saleId, List<String> tickets) {
        return book.draw(saleId, tickets);
    }
}
