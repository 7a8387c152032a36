package dev.flashsale.access.boundary;

import dev.flashsale.access.entity.ApiKey;
import dev.flashsale.access.entity.IssuedApiKey;
import dev.flashsale.access.entity.NewApiKey;
import dev.flashsale.platform.id.Ids;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
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

/** Storefront API keys over the admin API: administrators only. */
@ApplicationScoped
@Tag(name = "Admin: access")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/api-keys")
@Produces(MediaType.APPLICATION_JSON)
public class ApiKeysResource {

    @Inject
    StorefrontKeys keys;

    @Operation(summary = "The storefront API keys, never their secrets")
    @APIResponse(responseCode = "200", description = "The keys",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = ApiKey.class)))
    @Access(Roles.ADMINISTRATOR)
    @GET
    public List<ApiKey> apiKeys() {
        return keys.list();
    }

    @Operation(summary = "Issue a storefront API key (administrators); its secret is shown only here")
    @APIResponse(responseCode = "201", description = "The key issued, with its secret",
            content = @Content(schema = @Schema(ref = "IssuedApiKey")))
    @Access(Roles.ADMINISTRATOR)
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response issueApiKey(@Valid @NotNull NewApiKey body) {
        IssuedApiKey issued = keys.issue(body.name());
        return Response.status(Response.Status.CREATED).entity(issued).build();
    }

    @Operation(summary = "Revoke a storefront API key (administrators)")
    @APIResponse(responseCode = "204", description = "Revoked")
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "api-key-not-found")
    @Access(Roles.ADMINISTRATOR)
    @POST
    @Path("{id}/revoke")
    public Response revokeApiKey(@PathParam("id") String id) {
        keys.revoke(Ids.uuid(id, "api-key"));
        return Response.noContent().build();
    }
}
