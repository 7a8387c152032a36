package dev.flashsale.audit.control;

import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What the audit trail keeps of a detail: what changed, never a secret. Applied to every detail
 * written (and to every detail read, for those written before): a URL keeps its scheme, host,
 * port and path, loses its user name and password and its fragment, and its query keeps only its
 * parameters' names ({@code ?token=…}); a webhook secret ({@code whsec_}), a whole storefront key
 * ({@code fsk_}, beyond the prefix the key lists show) and the value after a word such as
 * {@code password=}, {@code secret=} or {@code token=} become {@code …}.
 */
public final class Redaction {

    public static final String HIDDEN = "…";
    private static final Pattern URL = Pattern.compile("(?i)\\b[a-z][a-z0-9+.-]*://[^\\s,;\"'<>]*");
    private static final Pattern WEBHOOK_SECRET = Pattern.compile("whsec_[A-Za-z0-9+/=]*");
    /** A storefront key: its first 12 characters are its listed prefix; more is the key. */
    private static final Pattern STOREFRONT_KEY = Pattern.compile("(fsk_[A-Za-z0-9_-]{8})[A-Za-z0-9_-]+");
    private static final Pattern NAMED_SECRET = Pattern.compile(
            "(?i)\\b(password|passwd|secret|token|api[-_]?key|authorization)(\\s*[=:]\\s*)[^\\s,;&]+");

    private Redaction() {
    }

    public static String of(String detail) {
        if (detail == null || detail.isEmpty()) {
            return detail;
        }
        String redacted = URL.matcher(detail).replaceAll(url -> Matcher.quoteReplacement(url(url.group())));
        redacted = WEBHOOK_SECRET.matcher(redacted).replaceAll(Matcher.quoteReplacement("whsec_" + HIDDEN));
        redacted = STOREFRONT_KEY.matcher(redacted).replaceAll(key -> Matcher.quoteReplacement(key.group(1) + HIDDEN));
        return NAMED_SECRET.matcher(redacted).replaceAll(named -> Matcher.quoteReplacement(named.group(1) + named.group(2) + HIDDEN));
    }

    private static String url(String url) {
        int schemeEnd = url.indexOf("://");
        String rest = url.substring(schemeEnd + 3);
        int fragment = rest.indexOf('#');
        if (fragment >= 0) {
            rest = rest.substring(0, fragment);
        }
        String query = null;
        int question = rest.indexOf('?');
        if (question >= 0) {
            query = rest.substring(question + 1);
            rest = rest.substring(0, question);
        }
        int slash = rest.indexOf('/');
        String authority = slash < 0 ? rest : rest.substring(0, slash);
        String path = slash < 0 ? "" : rest.substring(slash);
        authority = authority.substring(authority.lastIndexOf('@') + 1);
        String parameters = query == null ? "" : "?" + Arrays.stream(query.split("&")).map(parameter -> {
            int equals = parameter.indexOf('=');
            return equals < 0 ? HIDDEN : parameter.substring(0, equals) + "=" + HIDDEN;
        }).collect(Collectors.joining("&"));
        return url.substring(0, schemeEnd) + "://" + authority + path + parameters;
    }
}
