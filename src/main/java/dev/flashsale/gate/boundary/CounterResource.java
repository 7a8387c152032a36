package dev.flashsale.gate.boundary;

import dev.flashsale.gate.entity.CounterRebuilt;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Rebuilds a SKU's gate counter from PostgreSQL on a merchandiser's demand. */
@ApplicationScoped
@Tag(name = "Admin: gate")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/skus/{sku}/rebuild-counter")
@Produces(MediaType.APPLICATION_JSON)
public class CounterResource {

    @Inject
    GateCounters counters;

    @Operation(summary = "Rebuild a SKU's gate counter from PostgreSQL (merchandisers)")
    @APIResponse(responseCode = "200", description = "The counter before and now",
            content = @Content(schema = @Schema(implementation = CounterRebuilt.class)))
    @APIResponse(responseCode = "400", description = "invalid-sku")
    @APIResponse(responseCode = "404", description = "sku-not-found")
    @APIResponse(responseCode = "503", description = "redis-unavailable")
    @Access(Roles.MERCHANDISER)
    @POST
    public CounterRebuilt rebuild(@PathParam("sku") String sku) {
        return counters.rebuildOnDemand(new Sku(sku));
    }
}
