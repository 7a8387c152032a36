package dev.flashsale.platform.web;

import dev.flashsale.platform.security.Access;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.function.BiConsumer;

/**
 * Headers on every answer: no framing by other sites, no content sniffing, and no server name or
 * version. A page (the console) also gets a content security policy that allows only this site's
 * own resources (PrimeFaces needs inline scripts and styles) and no referrer leaving the site; an
 * API answer (everything under {@code /api}), which is data and never a page, a policy that allows
 * nothing at all, and no caching.
 */
// It answers nothing itself: who may pass is for the routes behind it to declare.
@Access(Access.PUBLIC)
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class SecurityHeaders extends HttpFilter {

    static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self' 'unsafe-inline'; "
            + "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
            + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

    /** An API answer's policy: it loads nothing, and no page may frame it. */
    static final String API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";


    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        WebModuleServing.seen();
        if (ApiPaths.isApi(request.getRequestURI().substring(request.getContextPath().length()))) {
            applyToApi(response);
            chain.doFilter(request, response);
            return;
        }
        applyToPage(response);
        if (!request.getRequestURI().contains("/jakarta.faces.resource/")) {
            // Pages are personal and live; only static resources may be cached.
            response.setHeader("Cache-Control", "no-store");
        }
        chain.doFilter(request, response);
    }

    /**
     * The headers of every answer of the API, which is never cached: this filter's for what it
     * passes on, and the storefront pipeline's and the authentication's for the answers they
     * write themselves.
     */
    public static void applyToApi(HttpServletResponse response) {
        applyToApi(response::setHeader);
    }

    /** {@link #applyToApi(HttpServletResponse)}, for an answer written by whatever sets its headers. */
    public static void applyToApi(BiConsumer<String, String> header) {
        header.accept("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
        common(header);
        header.accept("Cache-Control", "no-store");
    }

    /** The headers of every page and static resource: this filter's, and the authentication's for a page it writes itself. */
    public static void applyToPage(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("Referrer-Policy", "same-origin");
        common(response::setHeader);
    }

    private static void common(BiConsumer<String, String> header) {
        header.accept("X-Content-Type-Options", "nosniff");
        header.accept("X-Frame-Options", "DENY");
        // The server adds its name and version before the application runs; it can only be
        // overwritten here (Payara Micro already drops X-Powered-By).
        header.accept("Server", "flashsale");
    }
}
