package dev.flashsale.platform.id;

import dev.flashsale.platform.problem.ProblemException;
import jakarta.json.bind.annotation.JsonbTypeAdapter;

/**
 * The storefront's name for a buyer: 1 to 128 characters, not blank, without control characters
 * (PostgreSQL cannot store a NUL, and none of them belongs in a name that the console shows).
 */
@JsonbTypeAdapter(BuyerId.AsJson.class)
public record BuyerId(String value) {

    public static final int MAX_LENGTH = 128;

    public BuyerId {
        if (problemOf(value) != null) {
            throw ProblemException.badRequest("invalid-buyer-id",
                    "A buyerId is 1 to " + MAX_LENGTH + " characters, not blank, without control characters");
        }
    }

    /** What keeps {@code value} from being a buyer id, as a request's field error says it; null when nothing does. */
    public static String problemOf(String value) {
        if (value == null) {
            return "must not be null";
        }
        if (value.isBlank()) {
            return "must not be blank";
        }
        if (value.length() > MAX_LENGTH) {
            return "size must be between 1 and " + MAX_LENGTH;
        }
        return value.codePoints().anyMatch(Character::isISOControl) ? "must have no control character" : null;
    }

    @Override
    public String toString() {
        return value;
    }

    /** In JSON, the buyer id is its text. */
    public static final class AsJson extends TextJson<BuyerId> {

        public AsJson() {
            super(BuyerId::value, BuyerId::new);
        }
    }
}
