package dev.flashsale.platform.pipeline;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.nio.charset.StandardCharsets;

/**
 * A route's answer that is not a problem: status, the Location of what a 201 made, the media type
 * and the body (none for 204); {@code gzipped}: the body is kept gzip-compressed, and goes out as
 * it is to a client that accepts gzip ({@link AnswerWriter}).
 */
public record Answer(int status, String location, String mediaType, byte[] body, boolean gzipped) {

    public Answer(int status, String location, String mediaType, byte[] body) {
        this(status, location, mediaType, body, false);
    }

    public static final String JSON = "application/json";
    public static final String TEXT = "text/plain";
    /** The problem slug {@link Handler#answered} hears for an answer that is not a problem. */
    public static final String NO_PROBLEM = "none";

    /** 200 with {@code value} as the JSON binding writes it. */
    public static Answer ok(Object value) {
        return json(200, toJson(value));
    }

    /** 200 with this JSON. */
    public static Answer json(int status, byte[] json) {
        return new Answer(status, null, JSON, json);
    }

    /** 200 with JSON kept gzip-compressed: sent so to a client that accepts gzip, inflated on the way to any other. */
    public static Answer gzippedJson(byte[] gzip) {
        return new Answer(200, null, JSON, gzip, true);
    }

    /** 201 for what was made at {@code location}, with {@code json}. */
    public static Answer created(String location, byte[] json) {
        return new Answer(201, location, JSON, json);
    }

    public static Answer text(String text) {
        return new Answer(200, null, TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    public static Answer noContent() {
        return new Answer(204, null, null, null);
    }

    /** {@code value} as the JSON binding writes it. */
    public static byte[] toJson(Object value) {
        return Binding.JSONB.toJson(value).getBytes(StandardCharsets.UTF_8);
    }

    /** The JSON binding, made on first use. */
    private static final class Binding {

        static final Jsonb JSONB = JsonbBuilder.create();
    }
}
