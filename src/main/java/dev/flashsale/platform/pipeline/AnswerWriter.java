package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemWriter;
import dev.flashsale.platform.web.SecurityHeaders;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

/**
 * The one writer of the storefront's answers, problems included: the API's headers on every one,
 * then status, Location, media type, length and body (no body for HEAD).
 */
public final class AnswerWriter {

    private static final int INFLATE_BUFFER_BYTES = 1 << 16;

    /**
     * The most handed to the container at once. Grizzly copies what a write could not send at once
     * into a buffer of its own, so one write of a whole large body (a lottery record of tens of
     * megabytes) costs a copy per slow reader; written in slices, a write waits for the socket
     * instead, and a reader holds at most a slice and the connection's write queue.
     */
    private static final int WRITE_SLICE_BYTES = 1 << 16;

    private AnswerWriter() {
    }

    public static void write(Exchange exchange, Answer answer) throws IOException {
        SecurityHeaders.applyToApi(exchange::header);
        exchange.status(answer.status());
        if (answer.location() != null) {
            exchange.header("Location", answer.location());
        }
        if (answer.gzipped()) {
            gzipped(exchange, answer.mediaType(), answer.body());
        } else {
            body(exchange, answer.mediaType(), answer.body());
        }
    }

    /** A problem, with its Retry-After when it has one. */
    public static void write(Exchange exchange, ProblemAnswer answer) throws IOException {
        SecurityHeaders.applyToApi(exchange::header);
        exchange.status(answer.problem().status());
        if (answer.retryAfterSeconds() > 0) {
            exchange.header("Retry-After", Long.toString(answer.retryAfterSeconds()));
        }
        body(exchange, Problem.MEDIA_TYPE, ProblemWriter.bytes(answer.problem()));
    }

    private static void body(Exchange exchange, String mediaType, byte[] body) throws IOException {
        if (body == null) {
            return;
        }
        exchange.contentType(mediaType);
        exchange.contentLength(body.length);
        if (!"HEAD".equals(exchange.method())) {
            var out = exchange.out();
            for (int from = 0; from < body.length; from += WRITE_SLICE_BYTES) {
                out.write(body, from, Math.min(WRITE_SLICE_BYTES, body.length - from));
            }
        }
    }

    /**
     * A body kept gzip-compressed: as it is, with {@code Content-Encoding: gzip}, to a client that
     * accepts gzip; inflated on the way (never whole in memory) to any other.
     */
    private static void gzipped(Exchange exchange, String mediaType, byte[] gzip) throws IOException {
        exchange.header("Vary", "Accept-Encoding");
        if (acceptsGzip(exchange.header("Accept-Encoding"))) {
            exchange.header("Content-Encoding", "gzip");
            body(exchange, mediaType, gzip);
            return;
        }
        exchange.contentType(mediaType);
        if (!"HEAD".equals(exchange.method())) {
            try (InputStream json = new GZIPInputStream(new ByteArrayInputStream(gzip), INFLATE_BUFFER_BYTES)) {
                json.transferTo(exchange.out());
            }
        }
    }

    /** Whether an {@code Accept-Encoding} header takes gzip (named, or {@code *}, with a weight above 0). */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        for (String coding : acceptEncoding.split(",")) {
            String[] parts = coding.trim().split(";");
            String name = parts[0].trim().toLowerCase(Locale.ROOT);
            if (name.equals("gzip") || name.equals("x-gzip") || name.equals("*")) {
                return parts.length < 2 || !parts[1].trim().matches("q\\s*=\\s*0(\\.0*)?");
            }
        }
        return false;
    }

    /** The slug of a problem's type, as {@link Handler#answered} hears it. */
    public static String slug(Problem problem) {
        String type = problem.type();
        return type != null && type.startsWith(Problem.TYPE_BASE) ? type.substring(Problem.TYPE_BASE.length()) : "other";
    }
}
