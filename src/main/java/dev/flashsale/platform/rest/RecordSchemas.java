package dev.flashsale.platform.rest;

import dev.flashsale.platform.id.TextJson;
import jakarta.json.bind.annotation.JsonbTypeAdapter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.media.Schema;

/**
 * The schema of a record that no resource method names (the problem document, written by the
 * exception mappers; the storefront's requests and answers), read from its components so that it
 * cannot drift from the record. Knows the component types such records use: text, numbers,
 * flags, ids (an identifier type that JSON writes as its text, {@link TextJson}, as that text),
 * instants, enums (a schema of their own) and lists of these.
 */
public final class RecordSchemas {

    private RecordSchemas() {
    }

    /** Adds the record's schema (and those of the records and enums it names) under its simple name. */
    public static void addTo(Components components, Class<? extends Record> type) {
        if (components.getSchemas() != null && components.getSchemas().containsKey(type.getSimpleName())) {
            return;
        }
        Schema schema = OASFactory.createSchema().type(Schema.SchemaType.OBJECT);
        for (RecordComponent component : type.getRecordComponents()) {
            schema.addProperty(component.getName(), schemaOf(components, component.getGenericType()));
        }
        components.addSchema(type.getSimpleName(), schema);
    }

    @SuppressWarnings("unchecked")
    private static Schema schemaOf(Components components, Type type) {
        if (type instanceof ParameterizedType list && list.getRawType() == List.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.ARRAY)
                    .items(schemaOf(components, list.getActualTypeArguments()[0]));
        }
        if (type instanceof Class<?> identifier && isText(identifier)) {
            return schemaOf(components, identifier.getRecordComponents()[0].getGenericType());
        }
        if (type instanceof Class<?> record && record.isRecord()) {
            addTo(components, (Class<? extends Record>) record);
            return OASFactory.createSchema().ref(record.getSimpleName());
        }
        if (type instanceof Class<?> constants && constants.isEnum()) {
            addEnum(components, constants);
            return OASFactory.createSchema().ref(constants.getSimpleName());
        }
        if (type == UUID.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.STRING).format("uuid");
        }
        if (type == Instant.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.STRING).format("date-time");
        }
        if (type == BigDecimal.class || type == double.class || type == Double.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.NUMBER);
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.INTEGER);
        }
        if (type == boolean.class || type == Boolean.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.BOOLEAN);
        }
        if (type == String.class) {
            return OASFactory.createSchema().type(Schema.SchemaType.STRING);
        }
        throw new IllegalArgumentException("No schema for a record component of type " + type);
    }

    /** An identifier (SaleId, Sku ...) that JSON writes as the one value it wraps, not as an object. */
    private static boolean isText(Class<?> type) {
        JsonbTypeAdapter adapter = type.getAnnotation(JsonbTypeAdapter.class);
        return type.isRecord() && adapter != null && TextJson.class.isAssignableFrom(adapter.value())
                && type.getRecordComponents().length == 1;
    }

    private static void addEnum(Components components, Class<?> type) {
        if (components.getSchemas() == null || !components.getSchemas().containsKey(type.getSimpleName())) {
            Schema schema = OASFactory.createSchema().type(Schema.SchemaType.STRING);
            for (Object constant : type.getEnumConstants()) {
                schema.addEnumeration(((Enum<?>) constant).name());
            }
            components.addSchema(type.getSimpleName(), schema);
        }
    }
}
