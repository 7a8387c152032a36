package dev.flashsale.platform.rest;

import dev.flashsale.platform.security.Access;
import jakarta.annotation.Priority;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.DynamicFeature;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.FeatureContext;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Logger;

/**
 * Deny by default: a resource method that declares no {@link Access} (on itself or its class) is
 * answered as a path that does not exist (404 {@code not-found}), whoever calls, and never runs.
 * A route is opened by declaring who may call it, not by remembering to close it. The REST
 * framework's own resources are refused alike (its WADL document), but for its answer to OPTIONS
 * on a route, which only lists the route's methods, each of which declares its access.
 */
@Provider
public class UndeclaredRoutes implements DynamicFeature {

    private static final Logger LOG = Logger.getLogger(UndeclaredRoutes.class.getName());

    /** Where Jersey keeps the handlers it adds to every route for OPTIONS. */
    private static final String OPTIONS_HANDLERS = "org.glassfish.jersey.server.wadl.processor.";

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
        if (resource.getResourceClass().getName().startsWith(OPTIONS_HANDLERS)) {
            return;
        }
        if (Access.Declared.on(resource.getResourceClass(), resource.getResourceMethod()).isEmpty()) {
            LOG.warning(() -> resource.getResourceClass().getName() + "#" + resource.getResourceMethod().getName()
                    + " declares no access: it is refused as not found");
            context.register(Refusal.class);
        }
    }

    /** Refuses before anything else runs. */
    @Priority(Priorities.AUTHENTICATION)
    public static class Refusal implements ContainerRequestFilter {

        @Override
        public void filter(ContainerRequestContext request) {
            throw new NotFoundException();
        }
    }
}
