package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.problem.ProblemException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.StringReader;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * Reads a request body of a few fields straight off the JSON stream, without the binding layer's
 * reflection: for the bodies a rush of buyers sends. Unknown fields are skipped, a field given
 * twice counts by its last value, and a body that is not one JSON object of the expected shape
 * (bad syntax, a string for a number, an array, nothing) is 400 {@code malformed-request}, as
 * with the JSON binding elsewhere.
 *
 * @param <T> the body's type, which checks its own fields when made
 */
public abstract class JsonObjectReader<T> {

    private static final JsonParserFactory PARSERS = Json.createParserFactory(Map.of());

    /** The fields of one body as they are read, then the body made of them. */
    protected interface Fields<T> {

        /** Takes the value that starts with {@code value}, or skips it (an unknown field). */
        void read(String name, JsonParser json, JsonParser.Event value);

        T build();
    }

    /** A new holder of one body's fields. */
    protected abstract Fields<T> fields();

    /** A body of one text field, {@code name}, made by {@code make} (which checks it). */
    public static <T> JsonObjectReader<T> ofText(String name, Function<String, T> make) {
        return new OneFieldReader<>(name, JsonObjectReader::text, make);
    }

    /** A body of one number field, {@code name}, made by {@code make} (which checks it). */
    public static <T> JsonObjectReader<T> ofNumber(String name, Function<BigDecimal, T> make) {
        return new OneFieldReader<>(name, JsonObjectReader::number, make);
    }

    /**
     * Reads a body in this charset: 400 {@code malformed-request} when it is not one JSON object of
     * the expected shape. The bytes are decoded at once (a malformed sequence becomes U+FFFD, as a
     * reader of the stream would decode it): a parser over the stream made a decoder and its 8 KB
     * buffer for every body of a few dozen bytes.
     */
    public T read(byte[] body, Charset charset) {
        try (JsonParser json = PARSERS.createParser(new StringReader(new String(body, charset)))) {
            return read(json);
        } catch (JsonException | NoSuchElementException | IllegalStateException | NumberFormatException | ArithmeticException
                 | UnsupportedOperationException unreadable) {
            // UnsupportedOperationException: the parser refuses a number of over a thousand digits.
            throw malformed();
        }
    }

    private T read(JsonParser json) {
        if (json.next() != JsonParser.Event.START_OBJECT) {
            throw malformed();
        }
        Fields<T> fields = fields();
        for (JsonParser.Event event = json.next(); event != JsonParser.Event.END_OBJECT; event = json.next()) {
            String name = json.getString();
            fields.read(name, json, json.next());
        }
        if (json.hasNext()) {
            throw malformed();
        }
        return fields.build();
    }

    /** A text field: a string, or a number as written; null for JSON null. */
    protected static String text(JsonParser json, JsonParser.Event value) {
        return switch (value) {
            case VALUE_NULL -> null;
            case VALUE_STRING, VALUE_NUMBER -> json.getString();
            default -> throw malformed();
        };
    }

    /** A number field, as a decimal; null for JSON null. */
    protected static BigDecimal number(JsonParser json, JsonParser.Event value) {
        return switch (value) {
            case VALUE_NULL -> null;
            case VALUE_NUMBER -> json.getBigDecimal();
            default -> throw malformed();
        };
    }

    /** Skips the value of a field this body does not have. */
    protected static void skip(JsonParser json, JsonParser.Event value) {
        if (value == JsonParser.Event.START_OBJECT) {
            json.skipObject();
        } else if (value == JsonParser.Event.START_ARRAY) {
            json.skipArray();
        }
    }

    public static ProblemException malformed() {
        return ProblemException.badRequest("malformed-request",
                "The request body could not be read as JSON of the expected shape (check syntax and types)");
    }
}
