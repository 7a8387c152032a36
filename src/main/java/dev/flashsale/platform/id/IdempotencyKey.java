package dev.flashsale.platform.id;

import dev.flashsale.platform.problem.ProblemException;
import jakarta.json.bind.annotation.JsonbTypeAdapter;
import jakarta.json.bind.adapter.JsonbAdapter;
import java.util.Objects;

/**
 * The client's name for one checkout attempt, in the space of the storefront key that sent it:
 * every retry of that attempt carries the same key, and gets the same reservation, when the same
 * storefront key sends it; another storefront key's same text is another attempt. The text is 1
 * to 128 printable ASCII characters.
 */
@JsonbTypeAdapter(IdempotencyKey.AsJson.class)
public record IdempotencyKey(KeyOwner owner, String value) {

    public static final int MAX_LENGTH = 128;

    public IdempotencyKey {
        Objects.requireNonNull(owner, "owner");
        checked(value);
    }

    /**
     * @return {@code text}, when it is a valid key's text
     * @throws ProblemException 400 {@code idempotency-key-missing} or {@code idempotency-key-invalid}
     */
    public static String checked(String text) {
        if (text == null || text.isBlank()) {
            throw ProblemException.badRequest("idempotency-key-missing",
                    "The Idempotency-Key header is required: one key per checkout attempt, reused on every retry");
        }
        if (text.length() > MAX_LENGTH || !text.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw ProblemException.badRequest("idempotency-key-invalid",
                    "The Idempotency-Key header must be 1 to " + MAX_LENGTH + " printable ASCII characters without spaces");
        }
        return text;
    }

    /** The key as Redis stores it (a hold's marker, deadline and holder): qualified by its owner. */
    public String qualified() {
        return owner.qualify(value);
    }

    @Override
    public String toString() {
        return value;
    }

    /** In JSON (the admin API's reservations), the key is the client's text; it is never read from JSON. */
    public static final class AsJson implements JsonbAdapter<IdempotencyKey, String> {

        @Override
        public String adaptToJson(IdempotencyKey key) {
            return key.value();
        }

        @Override
        public IdempotencyKey adaptFromJson(String text) {
            throw new UnsupportedOperationException("An idempotency key comes from the Idempotency-Key header and its storefront key");
        }
    }
}
