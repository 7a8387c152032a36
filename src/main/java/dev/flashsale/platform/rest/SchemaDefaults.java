package dev.flashsale.platform.rest;

import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * The defaults Payara's OpenAPI scanner writes into a schema, cleared: it writes every attribute
 * of a {@code @Schema} annotation, defaults included, and some of them say something false.
 */
final class SchemaDefaults {

    private SchemaDefaults() {
    }

    /**
     * Payara writes every attribute of a {@code @Schema} annotation, defaults included, and some of
     * them say something false ({@code maxProperties: 0} forbids every property): those go, as do
     * the properties it copies from an array's items onto the array.
     */
    static Schema clear(Schema schema) {
        asText(schema);
        if (schema.getType() == Schema.SchemaType.ARRAY && schema.getProperties() != null) {
            // The element type's properties, written on the array as well as on its items.
            schema.setProperties(null);
        }
        if (Integer.valueOf(0).equals(schema.getMaxProperties())) {
            schema.setMaxProperties(null);
        }
        if (Integer.valueOf(0).equals(schema.getMinProperties())) {
            schema.setMinProperties(null);
        }
        if (Integer.valueOf(0).equals(schema.getMinLength())) {
            schema.setMinLength(null);
        }
        clearFalse(schema::getExclusiveMaximum, schema::setExclusiveMaximum);
        clearFalse(schema::getExclusiveMinimum, schema::setExclusiveMinimum);
        clearFalse(schema::getUniqueItems, schema::setUniqueItems);
        clearFalse(schema::getNullable, schema::setNullable);
        clearFalse(schema::getReadOnly, schema::setReadOnly);
        clearFalse(schema::getWriteOnly, schema::setWriteOnly);
        clearFalse(schema::getDeprecated, schema::setDeprecated);
        return schema;
    }

    /**
     * An identifier type ({@code SaleId}, {@code ReservationId}, {@code BuyerId}, {@code Sku}) is
     * written in JSON as its text (its {@code TextJson} adapter), but the scanner, which reads no
     * JSON-B adapter, describes the record: an object of one property, {@code value}. Such a schema
     * becomes the text it is answered as: the value's own string, or a UUID's (which the scanner
     * calls an object).
     */
    private static void asText(Schema schema) {
        if (schema.getProperties() == null || !schema.getProperties().keySet().equals(Set.of("value"))
                || schema.getType() != null && schema.getType() != Schema.SchemaType.OBJECT) {
            return;
        }
        Schema value = schema.getProperties().get("value");
        schema.setProperties(null);
        schema.setType(Schema.SchemaType.STRING);
        if (value.getType() == Schema.SchemaType.STRING) {
            schema.setFormat(value.getFormat());
            schema.setPattern(value.getPattern());
            schema.setMaxLength(value.getMaxLength());
        } else {
            schema.setFormat("uuid");
        }
    }

    /** A flag written false, which is what leaving it out says. */
    private static void clearFalse(Supplier<Boolean> flag, Consumer<Boolean> set) {
        if (Boolean.FALSE.equals(flag.get())) {
            set.accept(null);
        }
    }
}
