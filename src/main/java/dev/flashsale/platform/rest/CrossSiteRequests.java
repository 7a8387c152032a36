package dev.flashsale.platform.rest;

import dev.flashsale.platform.problem.ProblemResponses;
import dev.flashsale.platform.web.ApiPaths;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.util.Set;

/**
 * A page on another origin can make a browser send a form POST (a body of text/plain, a URL-encoded
 * or a multipart form, or none) with the credentials the browser holds for the admin API, but it
 * cannot set a JSON content type or a header of its own without the browser asking this server
 * first (a CORS preflight, which it never allows). So every admin call that changes something
 * carries a JSON body or the {@value #HEADER} header (any value), or it is refused with 403
 * {@code cross-site-request} before anything runs.
 */
@Provider
public class CrossSiteRequests implements ContainerRequestFilter {

    /** The header that marks a call as made by a program, not by a form. */
    public static final String HEADER = "X-Requested-By";

    private static final Set<String> READS = Set.of("GET", "HEAD", "OPTIONS");

    @Override
    public void filter(ContainerRequestContext request) {
        if (READS.contains(request.getMethod()) || !isAdmin(request) || isJson(request.getMediaType()) || hasHeader(request)) {
            return;
        }
        request.abortWith(refused());
    }

    /** The admin API's paths: those a user's credential opens (the storefront's carry an API key, which no browser holds). */
    private static boolean isAdmin(ContainerRequestContext request) {
        return ApiPaths.isAdmin(ApiPaths.API + "/" + request.getUriInfo().getPath().replaceFirst("^/", ""));
    }

    static boolean isJson(MediaType type) {
        return type != null && "application".equalsIgnoreCase(type.getType())
                && ("json".equalsIgnoreCase(type.getSubtype()) || type.getSubtype().toLowerCase().endsWith("+json"));
    }

    private static boolean hasHeader(ContainerRequestContext request) {
        String value = request.getHeaderString(HEADER);
        return value != null && !value.isBlank();
    }

    private static Response refused() {
        return ProblemResponses.of(403, "cross-site-request", "Not a program's call",
                "An admin call that changes something needs a JSON body (Content-Type: application/json) or an "
                        + HEADER + " header, which a form on another site cannot send");
    }
}
