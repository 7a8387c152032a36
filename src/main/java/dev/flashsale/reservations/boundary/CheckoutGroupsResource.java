package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.entity.CheckoutGroups;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** How this node grouped reservations into shared transactions (roles merchandiser and viewer). */
@ApplicationScoped
@Tag(name = "Admin: reservations")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/checkout-groups")
@Produces(MediaType.APPLICATION_JSON)
public class CheckoutGroupsResource {

    @Inject
    CheckoutQueue queue;

    @Operation(summary = "How this node grouped reservations into shared transactions")
    @APIResponse(responseCode = "200", description = "The counts since start",
            content = @Content(schema = @Schema(implementation = CheckoutGroups.class)))
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    public CheckoutGroups status() {
        return queue.groups();
    }
}
