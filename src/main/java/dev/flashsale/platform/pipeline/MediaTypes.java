package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.problem.ProblemException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The two media type headers a storefront request carries: what its body is, and what it accepts back. */
public final class MediaTypes {

    private MediaTypes() {
    }

    /**
     * The charset of a JSON body: UTF-8 unless the Content-Type names another. A body that is not
     * application/json is refused with 415, a charset this server does not know with 400.
     */
    static Charset jsonCharset(String contentType) {
        if (contentType == null) {
            throw unsupported();
        }
        String[] parts = contentType.split(";");
        if (!parts[0].strip().equalsIgnoreCase(Answer.JSON)) {
            throw unsupported();
        }
        for (int i = 1; i < parts.length; i++) {
            String[] parameter = parts[i].split("=", 2);
            if (parameter.length == 2 && parameter[0].strip().equalsIgnoreCase("charset")) {
                String name = parameter[1].strip().replace("\"", "");
                try {
                    return Charset.forName(name);
                } catch (IllegalArgumentException unknown) {
                    throw ProblemException.badRequest("malformed-request", "The request body's charset is not one this server reads");
                }
            }
        }
        return StandardCharsets.UTF_8;
    }

    /**
     * Whether an Accept header (every line of it) lets the answer be {@code mediaType}: no header,
     * or a range that covers it ({@code *}{@code /*}, {@code type/*} or the type itself) without {@code q=0}.
     */
    public static boolean accepts(Iterable<String> acceptLines, String mediaType) {
        boolean any = false;
        String type = mediaType.substring(0, mediaType.indexOf('/'));
        for (String line : acceptLines) {
            any = true;
            for (String range : line.split(",")) {
                if (covers(range, type, mediaType)) {
                    return true;
                }
            }
        }
        return !any;
    }

    private static boolean covers(String range, String type, String mediaType) {
        String[] parts = range.split(";");
        String name = parts[0].strip().toLowerCase(Locale.ROOT);
        if (!(name.equals("*/*") || name.equals(type + "/*") || name.equals(mediaType))) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String[] parameter = parts[i].split("=", 2);
            if (parameter.length == 2 && parameter[0].strip().equals("q") && isZero(parameter[1].strip())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isZero(String quality) {
        try {
            return Double.parseDouble(quality) == 0;
        } catch (NumberFormatException unreadable) {
            return false;
        }
    }

    public static ProblemException unsupported() {
        return new ProblemException(415, "unsupported-media-type", "Unsupported Media Type", "Send the body as application/json");
    }

    public static ProblemException notAcceptable(String mediaType) {
        return new ProblemException(406, "not-acceptable", "Not Acceptable", "This resource answers only " + mediaType);
    }
}
