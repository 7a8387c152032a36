package dev.flashsale.reservations.boundary;

import dev.flashsale.reservations.entity.CheckoutGroups;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** How this node grouped reservations into shared transactions (roles merchandiser and viewer). */
@ApplicationScoped
@Path("admin/checkout-groups")
@Produces(MediaType.APPLICATION_JSON)
public class CheckoutGroupsResource {

    @Inject
    CheckoutQueue queue;

    @GET
    public CheckoutGroups status() {
        return queue.groups();
    }
}
