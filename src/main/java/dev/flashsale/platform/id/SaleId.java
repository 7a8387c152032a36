package dev.flashsale.platform.id;

import jakarta.json.bind.annotation.JsonbTypeAdapter;
import java.util.Objects;
import java.util.UUID;

/** A sale's id, as every component that names a sale carries it; its text is the UUID's. */
@JsonbTypeAdapter(SaleId.AsJson.class)
public record SaleId(UUID value) {

    public SaleId {
        Objects.requireNonNull(value, "a sale id");
    }

    /** From a path's text: 400 {@code invalid-id} when it is no UUID. */
    public static SaleId parse(String text) {
        return new SaleId(Ids.uuid(text, "sale"));
    }

    @Override
    public String toString() {
        return value.toString();
    }

    /** In JSON, the sale's id is the UUID's text. */
    public static final class AsJson extends TextJson<SaleId> {

        public AsJson() {
            super(SaleId::toString, SaleId::parse);
        }
    }
}
