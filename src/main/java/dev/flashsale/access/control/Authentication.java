package dev.flashsale.access.control;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.web.ApiPaths;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationException;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * The application's one authentication mechanism (Jakarta Security keeps only one), choosing by
 * path: HTTP Basic for users under {@code /api/admin}, form login with a session for the console
 * pages, and nothing for the storefront's paths elsewhere under {@code /api}, whose API keys the
 * storefront pipeline checks (when {@code StorefrontAuthContext} is installed, this is not even asked).
 */
@ApplicationScoped
public class Authentication implements HttpAuthenticationMechanism {

    @Inject
    AdminApiLogin adminApi;

    @Inject
    ConsoleLogin console;

    @Inject
    Challenges challenges;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) throws AuthenticationException {
        String path = path(request);
        if (hasPathParameters(request, path)) {
            return challenges.refuse(request, response, NO_PATH_PARAMETERS);
        }
        if (ApiPaths.isAdmin(path)) {
            return adminApi.validateRequest(request, response, context);
        }
        if (ApiPaths.isStorefront(path)) {
            return context.doNothing();
        }
        Optional<AuthenticationStatus> continued = console.continued(request, context);
        if (continued.isPresent()) {
            return continued.get();
        }
        if (context.isProtected() && !context.isAuthenticationRequest() && request.getUserPrincipal() == null
                && isFacesAjax(request)) {
            return redirectAjax(request, response);
        }
        AuthenticationStatus status = console.validateRequest(request, response, context);
        if (status == AuthenticationStatus.SUCCESS) {
            ConsoleLogin.keepInSession(context);
        }
        return status;
    }

    /** The decoded, normalised path the container matched its security constraints against. */
    public static String path(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    /**
     * A path parameter ({@code ;...}) under {@code /api}: the container matches the path cut at the
     * semicolon ({@code /api;reservations} as {@code /api}), the REST framework routes the whole
     * of it (to reservations), so such a request would pass the checks of one path and reach
     * another's resource. No API request has one: it is refused as a malformed request.
     */
    public static boolean hasPathParameters(HttpServletRequest request, String path) {
        return ApiPaths.isApi(path) && request.getRequestURI().indexOf(';') >= 0;
    }

    public static final ProblemException NO_PATH_PARAMETERS = ProblemException.badRequest("malformed-request",
            "Paths under /api take no parameters (';')");

    private static boolean isFacesAjax(HttpServletRequest request) {
        return "partial/ajax".equals(request.getHeader("Faces-Request"));
    }

    /**
     * An AJAX form post whose session ended goes to the login page like a page request, but an
     * XMLHttpRequest would follow a 302 silently: the redirect is a Faces partial response.
     */
    private static AuthenticationStatus redirectAjax(HttpServletRequest request, HttpServletResponse response) {
        try {
            sendToLogin(request, response);
        } catch (IOException clientGone) {
            // The browser left; there is nobody to send to the login page.
        }
        return AuthenticationStatus.SEND_CONTINUE;
    }

    /** Sends a console request to the login page: a redirect, or for a Faces AJAX post a partial response that redirects. */
    public static void sendToLogin(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String location = request.getContextPath() + ConsoleLogin.LOGIN_PAGE;
        if (!isFacesAjax(request)) {
            response.sendRedirect(location);
            return;
        }
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType("text/xml");
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write("<?xml version=\"1.0\" encoding=\"UTF-8\"?><partial-response><redirect url=\""
                + location.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;") + "\"/></partial-response>");
        response.flushBuffer();
    }

    @Override
    public void cleanSubject(HttpServletRequest request, HttpServletResponse response, HttpMessageContext context) {
        console.cleanSubject(request, response, context);
    }
}
