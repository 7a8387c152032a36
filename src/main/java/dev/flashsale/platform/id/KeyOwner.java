package dev.flashsale.platform.id;

import java.util.Objects;
import java.util.UUID;

/**
 * The storefront key that made something, by a name that never changes: the id of an issued key,
 * or {@link #CONFIGURED} for the key in {@code flashsale.storefront.api-key}. A reservation, its
 * idempotency key and a waiting-room ticket belong to the key that made them; another key is
 * told they do not exist. Reservations made before keys owned anything belong to {@link #CONFIGURED}.
 */
public record KeyOwner(UUID id) {

    /** The owner of the configured key (the nil UUID), which no issued key can have. */
    public static final KeyOwner CONFIGURED = new KeyOwner(new UUID(0L, 0L));

    public KeyOwner {
        Objects.requireNonNull(id, "id");
    }

    /**
     * {@code name} in this owner's space, as Redis stores it: the owner's id, a slash, the name.
     * The id has a fixed length, so no two owners' names can meet.
     */
    public String qualify(String name) {
        return id + "/" + name;
    }

    /** The name that {@link #qualify} qualified with this owner. */
    public String unqualify(String qualified) {
        String prefix = id + "/";
        if (!qualified.startsWith(prefix)) {
            throw new IllegalArgumentException("Not a name of owner " + id + ": " + qualified);
        }
        return qualified.substring(prefix.length());
    }

    @Override
    public String toString() {
        return id.toString();
    }
}
