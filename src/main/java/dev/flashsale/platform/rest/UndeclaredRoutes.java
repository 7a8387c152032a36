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
 * A route is opened by declaring who may call it, not by remembering to close it.
 */
@Provider
public class UndeclaredRoutes implements DynamicFeature {

    private static final Logger LOG = Logger.getLogger(UndeclaredRoutes.class.getName());

    @Override
    public void configure(ResourceInfo resource, FeatureContext context) {
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
