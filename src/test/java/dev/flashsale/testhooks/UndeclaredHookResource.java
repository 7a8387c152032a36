package dev.flashsale.testhooks;

import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * A route that declares no access, left so on purpose: the application must refuse it as an
 * unknown path and never run it. The only route allowed to stay undeclared
 * ({@code RouteDeclarationsTest}).
 */
@RequestScoped
@Path("test/undeclared")
public class UndeclaredHookResource {

    public static final String REACHED = "reached";

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String reach() {
        return REACHED;
    }
}
