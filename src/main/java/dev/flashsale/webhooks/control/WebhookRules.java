package dev.flashsale.webhooks.control;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.webhooks.entity.EventType;
import dev.flashsale.webhooks.entity.WebhookInput;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What a webhook may be: an absolute http or https URL (the scheme in any case, stored in lower
 * case) of at most {@link #URL_MAX} characters with a host and no user name or password in it; one to all of the known event names, each once;
 * a secret in the Standard Webhooks form. Every field's mistake is named in one 400.
 */
public final class WebhookRules {

    public static final int URL_MAX = 2000;

    /** A webhook as it will be stored: URL, its events in the order of {@link EventType}, secret or null. */
    public record Checked(String url, List<String> events, String secret, boolean enabled) {
    }

    private WebhookRules() {
    }

    public static Checked check(WebhookInput input) {
        if (input == null) {
            throw ProblemException.invalid(List.of(new Problem.FieldError("url", "a webhook needs a JSON body")));
        }
        List<Problem.FieldError> errors = new ArrayList<>();
        urlProblem(input.url()).ifPresent(message -> errors.add(new Problem.FieldError("url", message)));
        Set<String> events = new LinkedHashSet<>();
        if (input.events() == null || input.events().isEmpty()) {
            errors.add(new Problem.FieldError("events", "name at least one of " + EventType.names()));
        } else if (input.events().size() > EventType.values().length * 2) {
            errors.add(new Problem.FieldError("events", "at most " + EventType.values().length + " names, each once"));
        } else {
            for (String name : input.events()) {
                if (name == null || EventType.named(name).isEmpty()) {
                    errors.add(new Problem.FieldError("events", "unknown event " + shortened(name) + "; known: " + EventType.names()));
                    break;
                }
                events.add(name);
            }
        }
        if (input.secret() != null) {
            WebhookSecrets.problemWith(input.secret()).ifPresent(message -> errors.add(new Problem.FieldError("secret", message)));
        }
        if (!errors.isEmpty()) {
            throw ProblemException.invalid(errors);
        }
        List<String> ordered = EventType.names().stream().filter(events::contains).toList();
        return new Checked(lowerCaseScheme(input.url()), ordered, input.secret(), input.enabled() == null || input.enabled());
    }

    private static Optional<String> urlProblem(String url) {
        if (url == null || url.isBlank()) {
            return Optional.of("a webhook needs a URL");
        }
        if (url.length() > URL_MAX) {
            return Optional.of("at most " + URL_MAX + " characters");
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return Optional.of("must be an http or https URL");
            }
            if (uri.getHost() == null || uri.getHost().isEmpty()) {
                return Optional.of("must name a host");
            }
            if (uri.getUserInfo() != null) {
                return Optional.of("must not carry a user name or password (the signature authenticates)");
            }
            if (uri.getFragment() != null) {
                return Optional.of("must not have a fragment (#...)");
            }
        } catch (URISyntaxException malformed) {
            return Optional.of("is not a URL: " + malformed.getReason());
        }
        return Optional.empty();
    }

    /** {@code HTTPS://shop.example/x} as {@code https://shop.example/x}: one spelling stored and sent. */
    private static String lowerCaseScheme(String url) {
        int colon = url.indexOf(':');
        return url.substring(0, colon).toLowerCase(Locale.ROOT) + url.substring(colon);
    }

    private static String shortened(String name) {
        return name == null ? "null" : '"' + (name.length() > 40 ? name.substring(0, 40) + "…" : name) + '"';
    }
}
