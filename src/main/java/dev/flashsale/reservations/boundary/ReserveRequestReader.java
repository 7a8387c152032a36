package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.rest.RequestBodyLimit;
import dev.flashsale.reservations.entity.ReserveRequest;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.Provider;
import java.io.InputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * Reads the reserve request's three fields straight off the JSON stream, without the binding
 * layer's reflection: the body every buyer of a rush sends. Unknown fields are skipped, a field
 * given twice counts by its last value, and a body that is not one JSON object of these fields
 * (bad syntax, a string for the quantity, an array, nothing) is 400 {@code malformed-request},
 * as with the JSON binding elsewhere.
 */
@Provider
@Consumes(MediaType.APPLICATION_JSON)
public class ReserveRequestReader implements MessageBodyReader<ReserveRequest> {

    private static final JsonParserFactory PARSERS = Json.createParserFactory(Map.of());

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return type == ReserveRequest.class;
    }

    @Override
    public ReserveRequest readFrom(Class<ReserveRequest> type, Type genericType, Annotation[] annotations,
                                   MediaType mediaType, MultivaluedMap<String, String> headers, InputStream body) {
        try (JsonParser json = PARSERS.createParser(body, charsetOf(mediaType))) {
            return read(json);
        } catch (JsonException | NoSuchElementException | IllegalStateException | NumberFormatException unreadable) {
            RequestBodyLimit.tooLarge(unreadable).ifPresent(tooLarge -> {
                throw new WebApplicationException(unreadable, tooLarge);
            });
            throw malformed();
        }
    }

    private static ReserveRequest read(JsonParser json) {
        if (json.next() != JsonParser.Event.START_OBJECT) {
            throw malformed();
        }
        String sku = null;
        String buyerId = null;
        BigDecimal qty = null;
        for (JsonParser.Event event = json.next(); event != JsonParser.Event.END_OBJECT; event = json.next()) {
            String field = json.getString();
            JsonParser.Event value = json.next();
            switch (field) {
                case "sku" -> sku = text(json, value);
                case "buyerId" -> buyerId = text(json, value);
                case "qty" -> qty = number(json, value);
                default -> skip(json, value);
            }
        }
        if (json.hasNext()) {
            throw malformed();
        }
        return new ReserveRequest(sku, buyerId, qty);
    }

    private static String text(JsonParser json, JsonParser.Event value) {
        return switch (value) {
            case VALUE_NULL -> null;
            case VALUE_STRING, VALUE_NUMBER -> json.getString();
            default -> throw malformed();
        };
    }

    private static BigDecimal number(JsonParser json, JsonParser.Event value) {
        return switch (value) {
            case VALUE_NULL -> null;
            case VALUE_NUMBER -> json.getBigDecimal();
            default -> throw malformed();
        };
    }

    private static void skip(JsonParser json, JsonParser.Event value) {
        if (value == JsonParser.Event.START_OBJECT) {
            json.skipObject();
        } else if (value == JsonParser.Event.START_ARRAY) {
            json.skipArray();
        }
    }

    private static Charset charsetOf(MediaType mediaType) {
        String charset = mediaType == null ? null : mediaType.getParameters().get(MediaType.CHARSET_PARAMETER);
        try {
            return charset == null ? StandardCharsets.UTF_8 : Charset.forName(charset);
        } catch (IllegalArgumentException unknown) {
            throw ProblemException.badRequest("malformed-request", "The request body's charset is not one this server reads");
        }
    }

    static ProblemException malformed() {
        return ProblemException.badRequest("malformed-request",
                "The request body could not be read as JSON of the expected shape (check syntax and types)");
    }
}
