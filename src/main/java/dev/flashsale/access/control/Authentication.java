package dev.flashsale.access.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationException;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The application's one authentication mechanism (Jakarta Security keeps only one), choosing by
 * path: HTTP Basic for users under {@code /api/admin}, an API key for storefronts elsewhere
 * under {@code /api}, and form login with a session for the console pages.
 */
@ApplicationScoped
public class Authentication implements HttpAuthenticationMechanism {

    @Inject
    AdminApiLogin adminApi;

    @Inject
    StorefrontLogin storefront;

    @Inject
    ConsoleLogin console;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) throws AuthenticationException {
        // The decoded, normalised path the container matched its security constraints against.
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (path.startsWith("/api/admin/") || path.equals("/api/admin")) {
            return adminApi.validateRequest(request, response, context);
        }
        if (path.startsWith("/api/")) {
            return storefront.validateRequest(request, response, context);
        }
        return console.validateRequest(request, response, context);
    }

    @Override
    public void cleanSubject(HttpServletRequest request, HttpServletResponse response, HttpMessageContext context) {
        console.cleanSubject(request, response, context);
    }
}
