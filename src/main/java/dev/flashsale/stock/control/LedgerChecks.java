package dev.flashsale.stock.control;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.sql.Rows;
import jakarta.persistence.Tuple;

/**
 * A reservation transition and the stock movement it implies happen in one statement; if the
 * first happened without the second, the counts no longer match the reservations. That is a
 * fault, never an answer: the exception rolls the whole transaction back.
 */
public final class LedgerChecks {

    private LedgerChecks() {
    }

    /** @return whether the transition happened; throws when it happened without its stock row moving */
    public static boolean transitionMovedStock(Tuple row, ReservationId reservationId, String transition) {
        long transitions = Rows.number(row, "transitions");
        long stockRows = Rows.number(row, "stock_rows");
        if (transitions != stockRows) {
            throw new IllegalStateException("Refusing to " + transition + " reservation " + reservationId
                    + ": " + transitions + " transition(s) but " + stockRows + " stock row(s) moved");
        }
        return transitions == 1;
    }
}
