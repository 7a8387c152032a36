package dev.flashsale.room.entity;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A buyer asks for a place in a sale's waiting room; valid once made: the buyer is 1 to 128
 * characters without a control character, else 400 {@code invalid-request} naming the field.
 */
public record TicketRequest(String buyerId) {

    public static final int MAX_BUYER_ID_LENGTH = 128;

    private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

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
        if (buyerId.isEmpty() || buyerId.length() > MAX_BUYER_ID_LENGTH) {
            return "size must be between 1 and " + MAX_BUYER_ID_LENGTH;
        }
        return CONTROL.matcher(buyerId).find() ? "must have no control character" : null;
    }
}
