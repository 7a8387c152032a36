package dev.flashsale.room.boundary;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.entity.RoomSettings;
import dev.flashsale.room.entity.RoomView;
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
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** A sale's waiting room for merchandisers (HTTP Basic; viewers may read): settings, pause, revoke. */
@ApplicationScoped
@Tag(name = "Admin: waiting room")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/sales/{saleId}/room")
@Produces(MediaType.APPLICATION_JSON)
public class RoomAdminResource {

    @Inject
    RoomAdmin admin;

    @Operation(summary = "The sale's waiting room: settings, the lottery's seed hash (and seed once drawn), queue and admissions")
    @APIResponse(responseCode = "200", description = "The room",
            content = @Content(schema = @Schema(implementation = RoomView.class)))
    @APIResponse(responseCode = "404", description = "room-not-found")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    public RoomView find(@PathParam("saleId") SaleId saleId) {
        return admin.find(saleId);
    }

    @Operation(summary = "Set the sale's waiting room (merchandisers); the lottery's seed is made with the first setting")
    @APIResponse(responseCode = "200", description = "The room",
            content = @Content(schema = @Schema(implementation = RoomView.class)))
    @APIResponse(responseCode = "400", description = "prequeue-opens-after-start")
    @APIResponse(responseCode = "404", description = "sale-not-found")
    @APIResponse(responseCode = "409", description = "room-needs-start")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @Access(Roles.MERCHANDISER)
    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    public RoomView set(@PathParam("saleId") SaleId saleId, @Valid @NotNull RoomSettings body) {
        return admin.set(saleId, body);
    }

    @Operation(summary = "Pause admission (merchandisers): waiting buyers keep their places")
    @APIResponse(responseCode = "200", description = "The room, paused",
            content = @Content(schema = @Schema(implementation = RoomView.class)))
    @APIResponse(responseCode = "404", description = "room-not-found")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("pause")
    public RoomView pause(@PathParam("saleId") SaleId saleId) {
        return admin.pause(saleId, true);
    }

    @Operation(summary = "Resume admission (merchandisers)")
    @APIResponse(responseCode = "200", description = "The room, admitting",
            content = @Content(schema = @Schema(implementation = RoomView.class)))
    @APIResponse(responseCode = "404", description = "room-not-found")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("resume")
    public RoomView resume(@PathParam("saleId") SaleId saleId) {
        return admin.pause(saleId, false);
    }

    @Operation(summary = "Revoke a ticket and its admission token (merchandisers): its place goes to the next buyer")
    @APIResponse(responseCode = "204", description = "Revoked (also when the ticket had already expired or left)")
    @APIResponse(responseCode = "404", description = "room-not-found, ticket-not-found")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("tickets/{ticket}/revoke")
    public Response revoke(@PathParam("saleId") SaleId saleId, @PathParam("ticket") String ticket) {
        admin.revoke(saleId, ticket);
        return Response.noContent().build();
    }
}
