package dev.flashsale.webhooks.boundary;

import dev.flashsale.platform.id.Ids;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.rest.QueryParams;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.webhooks.entity.CreatedWebhook;
import dev.flashsale.webhooks.entity.Delivery;
import dev.flashsale.webhooks.entity.DeliveryCounts;
import dev.flashsale.webhooks.entity.DeliveryStatus;
import dev.flashsale.webhooks.entity.Webhook;
import dev.flashsale.webhooks.entity.WebhookInput;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Webhooks and their deliveries over the admin API: administrators only, reads included (integration credentials). */
@ApplicationScoped
@Tag(name = "Admin: webhooks")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/webhooks")
@Produces(MediaType.APPLICATION_JSON)
public class WebhooksResource {

    @Inject
    WebhookAdmin admin;

    @Operation(summary = "The webhooks, their secrets by their first characters only")
    @APIResponse(responseCode = "200", description = "The webhooks",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = Webhook.class)))
    @Access(Roles.ADMINISTRATOR)
    @GET
    public List<Webhook> webhooks() {
        return admin.list();
    }

    @Operation(summary = "Register a webhook; its secret (made when none is given) is shown only here")
    @APIResponse(responseCode = "201", description = "The webhook, with its whole secret",
            content = @Content(schema = @Schema(implementation = CreatedWebhook.class)))
    @APIResponse(responseCode = "400", description = "invalid-request, malformed-request")
    @APIResponse(responseCode = "409", description = "too-many-webhooks")
    @Access(Roles.ADMINISTRATOR)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(WebhookInput body) {
        CreatedWebhook created = admin.create(body);
        return Response.status(Response.Status.CREATED).entity(created).build();
    }

    @Operation(summary = "Change a webhook: URL, events, enabled, and its secret when one is given")
    @APIResponse(responseCode = "200", description = "The webhook, changed",
            content = @Content(schema = @Schema(implementation = Webhook.class)))
    @APIResponse(responseCode = "400", description = "invalid-id, invalid-request, malformed-request")
    @APIResponse(responseCode = "404", description = "webhook-not-found")
    @Access(Roles.ADMINISTRATOR)
    @PUT
    @Path("{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Webhook update(@PathParam("id") String id, WebhookInput body) {
        return admin.update(Ids.uuid(id, "webhook"), body);
    }

    @Operation(summary = "Delete a webhook, and its deliveries, pending ones too")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "webhook-not-found")
    @Access(Roles.ADMINISTRATOR)
    @DELETE
    @Path("{id}")
    public Response delete(@PathParam("id") String id) {
        admin.delete(Ids.uuid(id, "webhook"));
        return Response.noContent().build();
    }

    @Operation(summary = "Deliveries pending or failed (newest first, at most 200), with their last error")
    @APIResponse(responseCode = "200", description = "The deliveries",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = Delivery.class)))
    @APIResponse(responseCode = "400", description = "invalid-status, invalid-limit")
    @Access(Roles.ADMINISTRATOR)
    @GET
    @Path("deliveries")
    public List<Delivery> deliveries(@QueryParam("status") @DefaultValue("FAILED") String status,
                                     @QueryParam("limit") @DefaultValue("50") String limit) {
        // A status given blank ("status=") is the default's, as one left out is.
        DeliveryStatus shown = QueryParams.status(status, DeliveryStatus.class);
        return admin.deliveries(shown == null ? DeliveryStatus.FAILED : shown,
                QueryParams.limit(limit, WebhookAdmin.DELIVERIES_SHOWN_MAX));
    }

    @Operation(summary = "How many deliveries are pending and failed")
    @APIResponse(responseCode = "200", description = "The counts",
            content = @Content(schema = @Schema(implementation = DeliveryCounts.class)))
    @Access(Roles.ADMINISTRATOR)
    @GET
    @Path("deliveries/counts")
    public DeliveryCounts counts() {
        return admin.counts();
    }

    @Operation(summary = "Send a failed delivery again, with a new round of retries")
    @APIResponse(responseCode = "204", description = "Pending again; the sender sends it at its next tick")
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "delivery-not-found")
    @APIResponse(responseCode = "409", description = "delivery-not-failed")
    @Access(Roles.ADMINISTRATOR)
    @POST
    @Path("deliveries/{id}/send-again")
    public Response sendAgain(@PathParam("id") String id) {
        admin.sendAgain(Ids.uuid(id, "delivery"));
        return Response.noContent().build();
    }
}
