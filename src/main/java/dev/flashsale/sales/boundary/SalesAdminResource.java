package dev.flashsale.sales.boundary;

import dev.flashsale.platform.rest.Ids;
import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.sales.entity.SaleStatus;
import dev.flashsale.sales.entity.SaleSummary;
import dev.flashsale.sales.entity.SaleView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
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

/** The merchandisers' API (HTTP Basic; viewers may read): set up and change sales, open, pause, close. */
@ApplicationScoped
@Path("admin/sales")
@Produces(MediaType.APPLICATION_JSON)
public class SalesAdminResource {

    @Inject
    SaleAdmin admin;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(@Valid @NotNull NewSale body, @Context UriInfo uri) {
        SaleView sale = admin.create(body);
        return Response.created(uri.getAbsolutePathBuilder().path(sale.id().toString()).build()).entity(sale).build();
    }

    @GET
    public List<SaleSummary> list() {
        return admin.list();
    }

    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public SaleView update(@PathParam("id") String id, @Valid @NotNull NewSale body) {
        return admin.update(Ids.parse(id, "sale"), body);
    }

    @GET
    @Path("{id}")
    public SaleView find(@PathParam("id") String id) {
        return admin.find(Ids.parse(id, "sale"));
    }

    @POST
    @Path("{id}/open")
    public SaleView open(@PathParam("id") String id) {
        return admin.changeStatus(Ids.parse(id, "sale"), SaleStatus.OPEN);
    }

    @POST
    @Path("{id}/pause")
    public SaleView pause(@PathParam("id") String id) {
        return admin.changeStatus(Ids.parse(id, "sale"), SaleStatus.PAUSED);
    }

    @POST
    @Path("{id}/close")
    public SaleView close(@PathParam("id") String id) {
        return admin.changeStatus(Ids.parse(id, "sale"), SaleStatus.CLOSED);
    }
}
