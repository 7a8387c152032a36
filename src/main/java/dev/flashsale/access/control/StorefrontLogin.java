package dev.flashsale.access.control;

import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.platform.security.RouteTable;
import dev.flashsale.platform.web.ClientAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Optional;
import java.util.Set;

/**
 * The storefront API's credential: an API key in the {@code X-Api-Key} header, for the paths
 * that need one ({@link #needsKey}). A request passes once the key is known and the key's and the
 * client address's rate limits let it through (else 401, 429). Checked by
 * {@link StorefrontAuthContext}, which names no caller to the container; should that context not
 * be installed, Jakarta Security's mechanism checks it, and the caller becomes
 * {@code storefront:<key name>} in role storefront.
 */
@ApplicationScoped
public class StorefrontLogin {

    public static final String HEADER = "X-Api-Key";
    static final String CHALLENGE = "ApiKey realm=\"flashsale-storefront\", header=\"" + HEADER + "\"";

    @Inject
    ApiKeyRegistry keys;

    @Inject
    Challenges challenges;

    @Inject
    StorefrontLimits limits;

    @Inject
    ClientAddress addresses;

    @Inject
    RouteTable routes;

    /**
     * Whether a storefront path needs a key: every one but those a route declared public answers
     * (ping), so that a new route, or a path no route answers, is closed until declared otherwise.
     * The container's own constraints (web.xml) leave these paths out, so that a request of a crowd
     * costs the container no role check: the key is the storefront's authorisation, checked here.
     */
    public boolean needsKey(String path) {
        return !routes.isPublic(path);
    }

    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        if (!needsKey(Authentication.path(request))) {
            return context.doNothing();
        }
        return caller(request, response)
                .map(caller -> context.notifyContainerAboutLogin(new CredentialValidationResult(caller, Set.of(Roles.STOREFRONT))))
                .orElse(AuthenticationStatus.SEND_FAILURE);
    }

    /** Writes a refusal of the request as its answer. */
    public void refuse(HttpServletResponse response, ProblemException refusal) {
        challenges.refuse(response, refusal);
    }

    /**
     * The caller of a request to a protected storefront path: {@code storefront:<key name>} when
     * the key is one this node accepts and the key's and the address's limits let the request
     * through; otherwise the refusal (401 or 429) is written as the answer, and empty.
     */
    public Optional<String> caller(HttpServletRequest request, HttpServletResponse response) {
        String key = request.getHeader(HEADER);
        Optional<String> name = keys.nameOf(key == null ? null : key.strip());
        if (name.isPresent()) {
            Optional<ProblemException> limited = limits.refusalOfCaller(name.get(), addresses.of(request));
            if (limited.isPresent()) {
                challenges.refuse(response, limited.get());
                return Optional.empty();
            }
            return Optional.of("storefront:" + name.get());
        }
        challenges.unauthorized(response, CHALLENGE, key == null
                ? "The storefront API needs an API key in the " + HEADER + " header"
                : "Unknown or revoked API key");
        return Optional.empty();
    }
}
