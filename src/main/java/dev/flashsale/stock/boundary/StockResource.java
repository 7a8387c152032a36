package dev.flashsale.stock.boundary;

import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
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

@ApplicationScoped
@Tag(name = "Storefront")
@SecurityRequirement(name = ApiDocument.STOREFRONT_KEY)
@Access(Roles.STOREFRONT)
@Path("skus/{sku}/stock")
@Produces(MediaType.APPLICATION_JSON)
public class StockResource {

    @Inject
    Availability availability;

    @Operation(summary = "A SKU's units: available, held and sold")
    @APIResponse(responseCode = "200", description = "The counts",
            content = @Content(schema = @Schema(implementation = StockLevel.class)))
    @APIResponse(responseCode = "400", description = "invalid-sku")
    @APIResponse(responseCode = "404", description = "sku-not-found")
    @GET
    public StockLevel level(@PathParam("sku") String sku) {
        return availability.of(new Sku(sku));
    }
}
