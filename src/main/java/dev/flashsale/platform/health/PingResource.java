package dev.flashsale.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * The cheapest answer the HTTP stack can give: no transaction, no database. Load balancers
 * use it for liveness, and the benchmark uses it as the HTTP ceiling of this server.
 */
@ApplicationScoped
@Path("ping")
public class PingResource {

    @GET
    @Produces(MediaType.TEXT_PLAIN)
    public String ping() {
        return "pong";
    }
}
