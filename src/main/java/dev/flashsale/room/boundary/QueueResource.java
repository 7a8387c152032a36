package dev.flashsale.room.boundary;

import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.rest.Ids;
import dev.flashsale.platform.rest.JsonObjectReader;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.entity.LotteryRecord;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.RoomInfo;
import dev.flashsale.room.entity.TicketRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
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

/** The storefront's waiting room of a sale: take a ticket, poll it until admitted, leave; the lottery, for anyone to check. */
@ApplicationScoped
@Tag(name = "Storefront: waiting room")
@SecurityRequirement(name = ApiDocument.STOREFRONT_KEY)
@Access(Roles.STOREFRONT)
@Path("sales/{saleId}/queue")
@Produces(MediaType.APPLICATION_JSON)
public class QueueResource {

    @Inject
    WaitingRoom room;

    @Inject
    RoomMetrics metrics;

    @Operation(summary = "Take a place in the sale's waiting room; asking again gives the buyer's same ticket")
    @APIResponse(responseCode = "201", description = "A new ticket, where it stands",
            content = @Content(schema = @Schema(implementation = QueueAnswer.class)))
    @APIResponse(responseCode = "200", description = "The buyer's ticket from before, where it stands",
            content = @Content(schema = @Schema(implementation = QueueAnswer.class)))
    @APIResponse(responseCode = "400", description = "invalid-id, invalid-request, malformed-request")
    @APIResponse(responseCode = "404", description = "room-not-found")
    @APIResponse(responseCode = "409", description = "room-off, queue-not-open")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response take(@PathParam("saleId") String saleId, TicketRequest body, @Context UriInfo uri) {
        if (body == null) {
            throw JsonObjectReader.malformed();
        }
        WaitingRoom.Taken taken = room.take(Ids.parse(saleId, "sale"), body.buyerId());
        metrics.ticketTaken(taken.created());
        if (!taken.created()) {
            return Response.ok(taken.answer()).build();
        }
        return Response.created(uri.getAbsolutePathBuilder().path(taken.answer().ticket()).build()).entity(taken.answer()).build();
    }

    @Operation(summary = "Where a ticket stands: WAITING, ADMITTED (with the token checkout requires), SOLD_OUT, EXPIRED, LEFT, REVOKED, "
            + "CHECKOUT_ENDED")
    @APIResponse(responseCode = "200", description = "The ticket",
            content = @Content(schema = @Schema(implementation = QueueAnswer.class)))
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "room-not-found, ticket-not-found")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @GET
    @Path("{ticket}")
    public QueueAnswer poll(@PathParam("saleId") String saleId, @PathParam("ticket") String ticket) {
        return metrics.polled(room.poll(Ids.parse(saleId, "sale"), ticket));
    }

    @Operation(summary = "Leave the waiting room: the place (and any token) is freed for the next buyer")
    @APIResponse(responseCode = "204", description = "Left (also when the ticket had already expired or left)")
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "room-not-found, ticket-not-found")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @DELETE
    @Path("{ticket}")
    public Response leave(@PathParam("saleId") String saleId, @PathParam("ticket") String ticket) {
        room.leave(Ids.parse(saleId, "sale"), ticket);
        return Response.noContent().build();
    }

    @Operation(summary = "The room: when it opens, the SHA-256 of the lottery's seed (and the seed once drawn), how many wait")
    @APIResponse(responseCode = "200", description = "The room",
            content = @Content(schema = @Schema(implementation = RoomInfo.class)))
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "room-not-found")
    @APIResponse(responseCode = "503", description = "room-unavailable")
    @GET
    public RoomInfo info(@PathParam("saleId") String saleId) {
        return room.info(Ids.parse(saleId, "sale"));
    }

    @Operation(summary = "The lottery's record: seed, pre-queue tickets and their order, for anyone to recompute")
    @APIResponse(responseCode = "200", description = "The record",
            content = @Content(schema = @Schema(implementation = LotteryRecord.class)))
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "room-not-found")
    @APIResponse(responseCode = "409", description = "lottery-not-drawn")
    @GET
    @Path("lottery")
    public LotteryRecord lottery(@PathParam("saleId") String saleId) {
        return room.lottery(Ids.parse(saleId, "sale"));
    }
}
