package dev.flashsale.platform.rest;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.problem.ProblemResponses;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every API request body is bounded ({@code flashsale.api.max-body-bytes}): one that says it is
 * larger is refused with 413 without being parsed or kept (up to {@code flashsale.api.drain-bytes}
 * of it are read and thrown away first, so that the client, still sending, gets the answer instead
 * of a reset connection), and one that does not say (chunked) is cut off with 413 as soon as it
 * passes the bound. No request body is ever read into memory whole.
 */
@Provider
@PreMatching
public class RequestBodyLimit implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "flashsale.api.max-body-bytes")
    int maxBytes;

    @Inject
    @ConfigProperty(name = "flashsale.api.drain-bytes")
    int drainBytes;

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        if (request.getLength() > maxBytes) {
            drain(request.getEntityStream(), Math.min(request.getLength(), drainBytes));
            request.abortWith(tooLarge(maxBytes));
            return;
        }
        if (request.hasEntity()) {
            request.setEntityStream(new Bounded(request.getEntityStream(), maxBytes));
        }
    }

    private static void drain(InputStream body, long bytes) throws IOException {
        byte[] buffer = new byte[8192];
        long left = bytes;
        for (int n; left > 0 && (n = body.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0; ) {
            left -= n;
        }
    }

    /** The 413 answer, when reading a body failed because it passed the bound. */
    public static Optional<Response> tooLarge(Throwable failure) {
        return Causes.find(failure, BodyTooLarge.class).map(tooLarge -> tooLarge(tooLarge.maxBytes));
    }

    private static Response tooLarge(int maxBytes) {
        return ProblemResponses.of(413, "body-too-large", "Request body too large",
                "A request body may be at most " + maxBytes + " bytes");
    }

    /** A body that passed the bound. */
    static final class BodyTooLarge extends IOException {

        private final int maxBytes;

        BodyTooLarge(int maxBytes) {
            super("Request body over " + maxBytes + " bytes");
            this.maxBytes = maxBytes;
        }
    }

    private static final class Bounded extends FilterInputStream {

        private final int maxBytes;
        private long read;

        Bounded(InputStream body, int maxBytes) {
            super(body);
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b < 0 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            count(Math.max(n, 0));
            return n;
        }

        private void count(int bytes) throws IOException {
            read += bytes;
            if (read > maxBytes) {
                throw new BodyTooLarge(maxBytes);
            }
        }
    }
}
