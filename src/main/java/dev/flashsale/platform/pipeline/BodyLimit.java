package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.problem.ProblemException;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Every storefront request body is bounded ({@code flashsale.api.max-body-bytes}): one that says
 * it is larger is refused with 413 before it is read (up to {@code flashsale.api.drain-bytes} of it
 * are read and thrown away first, so that a client still sending gets the answer instead of a
 * reset connection), and one that does not say (chunked) is refused as soon as it passes the bound.
 */
public final class BodyLimit {

    private BodyLimit() {
    }

    /** Refuses a request whose declared length passes the bound, after draining what it may. */
    public static void checkDeclared(HttpServletRequest request, int maxBytes, int drainBytes) {
        long length = request.getContentLengthLong();
        if (length > maxBytes) {
            try {
                drain(request.getInputStream(), Math.min(length, drainBytes));
            } catch (IOException clientGone) {
                // The client stopped sending: the 413 is all it would read anyway.
            }
            throw tooLarge(maxBytes);
        }
    }

    /** The whole body, at most {@code maxBytes} of it (else 413). */
    static byte[] read(HttpServletRequest request, int maxBytes) {
        try (InputStream body = request.getInputStream()) {
            byte[] bytes = body.readNBytes(maxBytes + 1);
            if (bytes.length > maxBytes) {
                throw tooLarge(maxBytes);
            }
            return bytes;
        } catch (IOException unreadable) {
            throw new UncheckedIOException("The request body could not be read", unreadable);
        }
    }

    private static void drain(InputStream body, long bytes) throws IOException {
        byte[] buffer = new byte[8192];
        long left = bytes;
        for (int n; left > 0 && (n = body.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0; ) {
            left -= n;
        }
    }

    public static ProblemException tooLarge(int maxBytes) {
        return new ProblemException(413, "body-too-large", "Request body too large",
                "A request body may be at most " + maxBytes + " bytes");
    }
}
