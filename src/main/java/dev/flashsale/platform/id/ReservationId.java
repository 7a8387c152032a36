package dev.flashsale.platform.id;

import jakarta.json.bind.annotation.JsonbTypeAdapter;
import java.util.Objects;
import java.util.UUID;

/** A reservation's id, as the storefront and the admin API name it; its text is the UUID's. */
@JsonbTypeAdapter(ReservationId.AsJson.class)
public record ReservationId(UUID value) {

    public ReservationId {
        Objects.requireNonNull(value, "a reservation id");
    }

    /** From a path's text: 400 {@code invalid-id} when it is no UUID. */
    public static ReservationId parse(String text) {
        return new ReservationId(Ids.uuid(text, "reservation"));
    }

    @Override
    public String toString() {
        return value.toString();
    }

    /** In JSON, the reservation's id is the UUID's text. */
    public static final class AsJson extends TextJson<ReservationId> {

        public AsJson() {
            super(ReservationId::toString, ReservationId::parse);
        }
    }
}
