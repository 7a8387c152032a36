package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.rest.Ids;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.entity.ReservationView;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.ReserveRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The storefront's API: reserve units, then confirm after payment or cancel. */
@ApplicationScoped
@Tag(name = "Storefront")
@SecurityRequirement(name = ApiDocument.STOREFRONT_KEY)
@Access(Roles.STOREFRONT)
@Path("reservations")
@Produces(MediaType.APPLICATION_JSON)
public class ReservationsResource {

    @Inject
    StorefrontReserve reserving;

    @Inject
    ReservationLifecycle lifecycle;

    @Operation(summary = "Hold units of a SKU for a buyer; a retry with the same Idempotency-Key gets the same reservation")
    @APIResponse(responseCode = "201", description = "Reserved: the hold, until expiresAt",
            content = @Content(schema = @Schema(ref = "ReservationView")))
    @APIResponse(responseCode = "200", description = "Reserved before under this Idempotency-Key: the same reservation",
            content = @Content(schema = @Schema(ref = "ReservationView")))
    @APIResponse(responseCode = "400", description = "idempotency-key-missing, idempotency-key-invalid, invalid-sku, invalid-buyer-id, quantity-above-limit")
    @APIResponse(responseCode = "403", description = "admission-required, admission-token-invalid, admission-token-other-sale, "
            + "admission-token-other-buyer, admission-token-expired, admission-token-revoked")
    @APIResponse(responseCode = "404", description = "sku-not-found")
    @APIResponse(responseCode = "409", description = "sold-out, sale-not-open, outside-sale-window, buyer-limit-reached")
    @APIResponse(responseCode = "422", description = "idempotency-key-reused")
    @APIResponse(responseCode = "503", description = "busy, service-unavailable")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @ReserveMeasured
    public Response reserve(@HeaderParam("Idempotency-Key") String idempotencyKey,
                            ReserveRequest body, @Context UriInfo uri) {
        ReserveOutcome outcome = reserving.reserve(idempotencyKey, body);
        ReservationView view = ReservationView.of(outcome.reservation());
        if (!outcome.created()) {
            return Response.ok(view).build();
        }
        return Response.created(uri.getAbsolutePathBuilder().path(view.id().toString()).build()).entity(view).build();
    }

    @Operation(summary = "A reservation")
    @APIResponse(responseCode = "200", description = "The reservation",
            content = @Content(schema = @Schema(implementation = ReservationView.class)))
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "reservation-not-found")
    @GET
    @Path("{id}")
    public ReservationView find(@PathParam("id") String id) {
        return ReservationView.of(lifecycle.find(Ids.parse(id, "reservation")));
    }

    @Operation(summary = "Confirm a hold after payment; confirming again answers the same")
    @APIResponse(responseCode = "200", description = "The reservation, confirmed",
            content = @Content(schema = @Schema(implementation = ReservationView.class)))
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "reservation-not-found")
    @APIResponse(responseCode = "409", description = "reservation-cancelled, hold-expired")
    @POST
    @Path("{id}/confirm")
    public ReservationView confirm(@PathParam("id") String id) {
        return ReservationView.of(lifecycle.confirm(Ids.parse(id, "reservation")));
    }

    @Operation(summary = "Cancel a hold; its units go back on sale")
    @APIResponse(responseCode = "200", description = "The reservation, cancelled or already ended",
            content = @Content(schema = @Schema(implementation = ReservationView.class)))
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "reservation-not-found")
    @APIResponse(responseCode = "409", description = "reservation-confirmed")
    @POST
    @Path("{id}/cancel")
    public ReservationView cancel(@PathParam("id") String id) {
        return ReservationView.of(lifecycle.cancel(Ids.parse(id, "reservation")));
    }
}
