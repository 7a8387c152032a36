package dev.flashsale.reservations.boundary;

import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.platform.rest.Ids;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.reservations.entity.BuyerId;
import dev.flashsale.reservations.entity.ReservationView;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.ReserveRequest;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;

/** The storefront's API: reserve units, then confirm after payment or cancel. */
@ApplicationScoped
@Path("reservations")
@Produces(MediaType.APPLICATION_JSON)
public class ReservationsResource {

    @Inject
    GatedCheckout checkout;

    @Inject
    ReservationLifecycle lifecycle;

    @Inject
    StorefrontLimits limits;

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ReserveMeasured
    public Response reserve(@HeaderParam("Idempotency-Key") String idempotencyKey,
                            @Valid @NotNull ReserveRequest body, @Context UriInfo uri) {
        ReserveCommand command = new ReserveCommand(new IdempotencyKey(idempotencyKey), new Sku(body.sku()),
                new BuyerId(body.buyerId()), body.units());
        limits.checkBuyer(command.buyerId().value());
        ReserveOutcome outcome = checkout.reserve(command);
        ReservationView view = ReservationView.of(outcome.reservation());
        if (!outcome.created()) {
            return Response.ok(view).build();
        }
        return Response.created(uri.getAbsolutePathBuilder().path(view.id().toString()).build()).entity(view).build();
    }

    @GET
    @Path("{id}")
    public ReservationView find(@PathParam("id") String id) {
        return ReservationView.of(lifecycle.find(Ids.parse(id, "reservation")));
    }

    @POST
    @Path("{id}/confirm")
    public ReservationView confirm(@PathParam("id") String id) {
        return ReservationView.of(lifecycle.confirm(Ids.parse(id, "reservation")));
    }

    @POST
    @Path("{id}/cancel")
    public ReservationView cancel(@PathParam("id") String id) {
        return ReservationView.of(lifecycle.cancel(Ids.parse(id, "reservation")));
    }
}
