package dev.flashsale.sales.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.sales.entity.SaleSummary;
import dev.flashsale.sales.entity.SaleView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The merchandisers' API (HTTP Basic; viewers may read): set up and change sales, open, pause, close. */
@ApplicationScoped
@Tag(name = "Admin: sales")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/sales")
@Produces(MediaType.APPLICATION_JSON)
public class SalesAdminResource {

    @Inject
    SaleAdmin admin;

    @Operation(summary = "Set up a sale as a DRAFT (merchandisers)")
    @APIResponse(responseCode = "201", description = "The sale",
            content = @Content(schema = @Schema(ref = "SaleView")))
    @APIResponse(responseCode = "400", description = "window-ends-before-start, duplicate-sku")
    @APIResponse(responseCode = "409", description = "sku-taken")
    @Access(Roles.MERCHANDISER)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@NotNull NewSale body, @Context UriInfo uri) {
        SaleView sale = admin.create(body);
        return Response.created(uri.getAbsolutePathBuilder().path(sale.id().toString()).build()).entity(sale).build();
    }

    @Operation(summary = "The sales, with their sums")
    @APIResponse(responseCode = "200", description = "The sales",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = SaleSummary.class)))
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    public List<SaleSummary> list() {
        return admin.list();
    }

    @Operation(summary = "Change a sale's terms and items (merchandisers)")
    @APIResponse(responseCode = "200", description = "The sale, changed",
            content = @Content(schema = @Schema(implementation = SaleView.class)))
    @APIResponse(responseCode = "400", description = "window-ends-before-start, duplicate-sku")
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @APIResponse(responseCode = "409", description = "sale-closed, sku-in-use, sku-taken, shards-fixed, units-below-taken")
    @Access(Roles.MERCHANDISER)
    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public SaleView update(@PathParam("id") SaleId id, @NotNull NewSale body) {
        return admin.update(id, body);
    }

    @Operation(summary = "A sale with the live counts of its SKUs")
    @APIResponse(responseCode = "200", description = "The sale",
            content = @Content(schema = @Schema(implementation = SaleView.class)))
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    @Path("{id}")
    public SaleView find(@PathParam("id") SaleId id) {
        return admin.find(id);
    }

    @Operation(summary = "Open a sale: it takes reservations (merchandisers)")
    @APIResponse(responseCode = "200", description = "The sale, open",
            content = @Content(schema = @Schema(implementation = SaleView.class)))
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @APIResponse(responseCode = "409", description = "illegal-transition")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("{id}/open")
    public SaleView open(@PathParam("id") SaleId id) {
        return admin.changeStatus(id, SaleStatus.OPEN);
    }

    @Operation(summary = "Pause a sale (merchandisers)")
    @APIResponse(responseCode = "200", description = "The sale, paused",
            content = @Content(schema = @Schema(implementation = SaleView.class)))
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @APIResponse(responseCode = "409", description = "illegal-transition")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("{id}/pause")
    public SaleView pause(@PathParam("id") SaleId id) {
        return admin.changeStatus(id, SaleStatus.PAUSED);
    }

    @Operation(summary = "Close a sale for good (merchandisers)")
    @APIResponse(responseCode = "200", description = "The sale, closed",
            content = @Content(schema = @Schema(implementation = SaleView.class)))
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @APIResponse(responseCode = "409", description = "illegal-transition")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("{id}/close")
    public SaleView close(@PathParam("id") SaleId id) {
        return admin.changeStatus(id, SaleStatus.CLOSED);
    }
}
