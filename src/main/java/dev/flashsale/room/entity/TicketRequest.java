package dev.flashsale.room.entity;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import java.util.List;

/**
 * A buyer asks for a place in a sale's waiting room; valid once made: the buyer is 1 to 128
 * characters, not blank, without a control character (the rule of {@link BuyerId}, which a reserve
 * applies too), else 400 {@code invalid-request} naming the field.
 */
public record TicketRequest(String buyerId) {

    public TicketRequest {
        String problem = BuyerId.problemOf(buyerId);
        if (problem != null) {
            throw ProblemException.invalid(List.of(new Problem.FieldError("buyerId", problem)));
        }
    }

    /** The buyer, as the room and the reservations know it. */
    public BuyerId buyer() {
        return new BuyerId(buyerId);
    }
}
