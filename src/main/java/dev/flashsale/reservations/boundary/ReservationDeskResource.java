package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.rest.QueryParams;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.entity.Movement;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationQuery;
import dev.flashsale.reservations.entity.ReservationStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Reservations over the admin API: search, history, cancel a hold (merchandisers only). */
@ApplicationScoped
@Tag(name = "Admin: reservations")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/reservations")
@Produces(MediaType.APPLICATION_JSON)
public class ReservationDeskResource {

    @Inject
    ReservationDesk desk;

    @Operation(summary = "Search reservations by idempotency key, buyer, status and SKU")
    @APIResponse(responseCode = "200", description = "The reservations found",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = Reservation.class)))
    @APIResponse(responseCode = "400", description = "idempotency-key-invalid, invalid-buyer-id, invalid-status, invalid-sku")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    public List<Reservation> search(@QueryParam("key") String key, @QueryParam("buyer") String buyer,
                                    @QueryParam("status") String status, @QueryParam("sku") String sku) {
        return desk.search(ReservationQuery.of(key, buyer, QueryParams.status(status, ReservationStatus.class), sku));
    }

    @Operation(summary = "A reservation's ledger rows")
    @APIResponse(responseCode = "200", description = "The movements",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = Movement.class)))
    @APIResponse(responseCode = "404", description = "reservation-not-found")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    @Path("{id}/history")
    public List<Movement> history(@PathParam("id") ReservationId id) {
        return desk.history(id);
    }

    @Operation(summary = "Cancel a hold (merchandisers)")
    @APIResponse(responseCode = "200", description = "The reservation, cancelled",
            content = @Content(schema = @Schema(implementation = Reservation.class)))
    @APIResponse(responseCode = "404", description = "reservation-not-found")
    @APIResponse(responseCode = "409", description = "not-a-hold, reservation-confirmed")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("{id}/cancel")
    public Reservation cancel(@PathParam("id") ReservationId id) {
        return desk.cancelHold(id);
    }
}
