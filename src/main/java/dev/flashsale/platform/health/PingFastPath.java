package dev.flashsale.platform.health;

import dev.flashsale.platform.rest.FastPath;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * {@code GET /api/ping} answered as {@link PingResource} answers it, in front of the REST
 * framework ({@link FastPath}): the server's own cost of an answer, which load balancers and the
 * benchmark ask for. Any other method, or an Accept header that is not plain, goes on to the resource.
 */
@Access(Access.PUBLIC)
@WebFilter(urlPatterns = "/api/ping", asyncSupported = true)
public class PingFastPath extends HttpFilter {

    private static final byte[] PONG = "pong".getBytes(StandardCharsets.US_ASCII);

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!FastPath.isPlainGet(request, "text/plain")) {
            chain.doFilter(request, response);
            return;
        }
        SecurityHeaders.applyToApi(response);
        response.setStatus(HttpServletResponse.SC_OK);
        FastPath.write(response, "text/plain", PONG);
    }
}
