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
        String problem = problemOf(buyerId);
        if (problem != null) {
            throw ProblemException.invalid(List.of(new Problem.FieldError("buyerId", problem)));
        }
    }

    private static String problemOf(String buyerId) {
        if (buyerId == null) {
            return "must not be null";
        }
        if (buyerId.isBlank()) {
            return "must not be blank";
        }
        if (buyerId.length() > BuyerId.MAX_LENGTH) {
            return "size must be between 1 and " + BuyerId.MAX_LENGTH;
        }
        return buyerId.codePoints().anyMatch(Character::isISOControl) ? "must have no control character" : null;
    }

    /** The buyer, as the room and the reservations know it. */
    public BuyerId buyer() {
        return new BuyerId(buyerId);
    }
}
