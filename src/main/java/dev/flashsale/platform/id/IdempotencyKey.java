package dev.flashsale.platform.id;

import dev.flashsale.platform.problem.ProblemException;
import jakarta.json.bind.annotation.JsonbTypeAdapter;

/**
 * The client's name for one checkout attempt: every retry of that attempt carries the same key,
 * and gets the same reservation. 1 to 128 printable ASCII characters.
 */
@JsonbTypeAdapter(IdempotencyKey.AsJson.class)
public record IdempotencyKey(String value) {

    public static final int MAX_LENGTH = 128;

    public IdempotencyKey {
        if (value == null || value.isBlank()) {
            throw ProblemException.badRequest("idempotency-key-missing",
                    "The Idempotency-Key header is required: one key per checkout attempt, reused on every retry");
        }
        if (value.length() > MAX_LENGTH || !value.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw ProblemException.badRequest("idempotency-key-invalid",
                    "The Idempotency-Key header must be 1 to " + MAX_LENGTH + " printable ASCII characters without spaces");
        }
    }

    @Override
    public String toString() {
        return value;
    }

    /** In JSON, the key is its text. */
    public static final class AsJson extends TextJson<IdempotencyKey> {

        public AsJson() {
            super(IdempotencyKey::value, IdempotencyKey::new);
        }
    }
}
