package dev.flashsale.access.boundary;

import dev.flashsale.access.control.ApiKeyRegistry;
import dev.flashsale.access.entity.StorefrontKey;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The storefront API's credential: an API key in the {@code X-Api-Key} header, known to this node
 * (issued and not revoked, or the configured one). A map lookup: the storefront's requests never
 * pass through Jakarta Security, whose context the container skips for them
 * ({@code StorefrontAuthContext}).
 */
@ApplicationScoped
public class StorefrontCallers {

    public static final String HEADER = "X-Api-Key";
    /** The challenge of a 401, in {@code WWW-Authenticate}. */
    public static final String CHALLENGE = "ApiKey realm=\"flashsale-storefront\", header=\"" + HEADER + "\"";

    @Inject
    ApiKeyRegistry keys;

    /** The key in {@code header}, its name and owner; 401 {@code unauthorized} when there is none or it is not known. */
    public StorefrontKey keyOf(String header) {
        Optional<StorefrontKey> key = keys.of(header == null ? null : header.strip());
        return key.orElseThrow(() -> new ProblemException(401, "unauthorized", "Unauthorized", header == null
                ? "The storefront API needs an API key in the " + HEADER + " header"
                : "Unknown or revoked API key"));
    }
}
