package dev.flashsale.storefront;

import dev.flashsale.platform.pipeline.ServletExchange;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.web.ApiPaths;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The servlet container's door to the {@link Storefront}: every request under {@code /api} that
 * the storefront's own door ({@link StorefrontDoor}) does not take, when that door is not built
 * in, every storefront request. The admin API is the REST framework's (Jakarta Security has
 * checked its callers before); a path under {@code /api} that no storefront route answers needs a
 * key too and goes on to the REST framework, which answers 404 for it.
 */
// Who may call is each route's to declare (@Access on its handler); the admin API's is the container's.
@Access(Access.PUBLIC)
@WebFilter(urlPatterns = "/api/*", asyncSupported = true)
public class StorefrontPipeline extends HttpFilter {

    @Inject
    Storefront storefront;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        ServletExchange exchange = new ServletExchange(request, response);
        if (ApiPaths.isAdmin(exchange.path()) || !storefront.serve(exchange)) {
            chain.doFilter(request, response);
        }
    }
}
