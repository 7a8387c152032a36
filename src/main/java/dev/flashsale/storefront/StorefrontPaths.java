package dev.flashsale.storefront;

import java.io.CharConversionException;
import java.util.Locale;
import org.glassfish.grizzly.http.server.Request;

/**
 * The storefront door's own check of a request's path, which no container normalised: a path
 * parameter ({@code ;}), an encoded slash, backslash or semicolon, or a {@code .}, {@code ..} or
 * empty segment is one the servlet door would not have passed as it is. It runs for every
 * request, so it splits and lowers nothing it need not.
 */
final class StorefrontPaths {

    private StorefrontPaths() {
    }

    /** The decoded path, or null when it is one the servlet door would not have passed as it is. */
    static String pathOf(Request request) {
        String raw = request.getRequestURI();
        if (raw.indexOf(';') >= 0) {
            return null;
        }
        if (raw.indexOf('%') >= 0) {
            String lower = raw.toLowerCase(Locale.ROOT);
            if (lower.contains("%2f") || lower.contains("%5c") || lower.contains("%3b")) {
                return null;
            }
        }
        String path;
        try {
            path = request.getDecodedRequestURI();
        } catch (CharConversionException notUtf8) {
            return null;
        }
        return isNormal(path) ? path : null;
    }

    /** Absolute, with no {@code .}, {@code ..} or empty segment (a trailing slash is an empty segment) and no backslash. */
    static boolean isNormal(String path) {
        if (!path.startsWith("/") || path.indexOf('\\') >= 0) {
            return false;
        }
        // Segment by segment without splitting: this runs for every request.
        for (int start = 1; ; ) {
            int end = path.indexOf('/', start);
            int stop = end < 0 ? path.length() : end;
            if (stop == start || path.charAt(start) == '.' && (stop == start + 1 || stop == start + 2 && path.charAt(start + 1) == '.')) {
                return false;
            }
            if (end < 0) {
                return true;
            }
            start = end + 1;
        }
    }
}
