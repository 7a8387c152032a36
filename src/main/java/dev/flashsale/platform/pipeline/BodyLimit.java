package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.problem.ProblemException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Optional;

/**
 * The one bound on a request body, the storefront's and the admin API's
 * ({@code flashsale.api.max-body-bytes}): a body that says it is larger is refused with 413 before
 * it is read (up to {@code flashsale.api.drain-bytes} of it are read and thrown away first, so that
 * a client still sending gets the answer instead of a reset connection), and one that does not say
 * (chunked) is refused as soon as it passes the bound. No body is read into memory past the bound.
 * The storefront's pipeline asks it directly; the REST framework through {@code RequestBodyLimit}.
 */
public final class BodyLimit {

    private BodyLimit() {
    }

    /** Refuses a request whose declared length passes the bound, after draining what it may. */
    public static void checkDeclared(Exchange request, int maxBytes, int drainBytes) {
        long length = request.contentLength();
        if (length > maxBytes) {
            try {
                drain(request.body(), Math.min(length, drainBytes));
            } catch (IOException clientGone) {
                // The client stopped sending: the 413 is all it would read anyway.
            }
            throw tooLarge(maxBytes);
        }
    }

    /** The whole body, at most {@code maxBytes} of it (else 413). */
    static byte[] read(Exchange request, int maxBytes) {
        try (InputStream body = request.body()) {
            return read(body, request.contentLength(), maxBytes);
        } catch (IOException unreadable) {
            throw new UncheckedIOException("The request body could not be read", unreadable);
        }
    }

    /**
     * The whole of {@code body}, at most {@code maxBytes} (else 413). A body of a declared length
     * within the bound is read into an array of that length, without the buffers of a read to the
     * end; should the stream go on past it (a length sent beside a chunked body), the rest is read
     * too, as a body of no declared length is, through buffers until it ends or passes the bound.
     */
    static byte[] read(InputStream body, long declared, int maxBytes) throws IOException {
        if (declared < 0 || declared > maxBytes) {
            return within(body.readNBytes(maxBytes + 1), maxBytes);
        }
        byte[] bytes = new byte[(int) declared];
        int read = body.readNBytes(bytes, 0, bytes.length);
        if (read < bytes.length) {
            return Arrays.copyOf(bytes, read);
        }
        int next = body.read();
        if (next < 0) {
            return bytes;
        }
        byte[] rest = body.readNBytes(maxBytes - bytes.length);
        byte[] whole = Arrays.copyOf(bytes, bytes.length + 1 + rest.length);
        whole[bytes.length] = (byte) next;
        System.arraycopy(rest, 0, whole, bytes.length + 1, rest.length);
        return within(whole, maxBytes);
    }

    private static byte[] within(byte[] bytes, int maxBytes) {
        if (bytes.length > maxBytes) {
            throw tooLarge(maxBytes);
        }
        return bytes;
    }

    /** Reads and throws away up to {@code bytes} of a body. */
    public static void drain(InputStream body, long bytes) throws IOException {
        byte[] buffer = new byte[8192];
        long left = bytes;
        for (int n; left > 0 && (n = body.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0; ) {
            left -= n;
        }
    }

    /** A body that fails its reader with {@link TooLarge} once it passes {@code maxBytes}. */
    public static InputStream bounded(InputStream body, int maxBytes) {
        return new Bounded(body, maxBytes);
    }

    public static ProblemException tooLarge(int maxBytes) {
        return new ProblemException(413, "body-too-large", "Request body too large",
                "A request body may be at most " + maxBytes + " bytes");
    }

    /** The 413, when reading a {@link #bounded} body failed because it passed the bound. */
    public static Optional<ProblemException> tooLarge(Throwable failure) {
        return Causes.find(failure, TooLarge.class).map(tooLarge -> tooLarge(tooLarge.maxBytes));
    }

    /** A body that passed the bound. */
    static final class TooLarge extends IOException {

        private final int maxBytes;

        TooLarge(int maxBytes) {
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
                throw new TooLarge(maxBytes);
            }
        }
    }
}
