package dev.flashsale.platform.id;

import dev.flashsale.platform.id.TextJson;
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
        if (value == null || value.isBlank() || value.length() > MAX_LENGTH
                || value.codePoints().anyMatch(Character::isISOControl)) {
            throw ProblemException.badRequest("invalid-buyer-id",
                    "A buyerId is 1 to " + MAX_LENGTH + " characters, not blank, without control characters");
        }
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
