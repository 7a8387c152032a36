package dev.flashsale.access.boundary;

import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.ApiKey;
import dev.flashsale.access.entity.IssuedApiKey;
import dev.flashsale.access.entity.NewAccount;
import dev.flashsale.access.entity.NewApiKey;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.rest.Ids;
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

/** Users and storefront API keys over the admin API. */
@ApplicationScoped
@Tag(name = "Admin: access")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin")
@Produces(MediaType.APPLICATION_JSON)
public class AccessResource {

    @Inject
    AccountAdmin accounts;

    @Inject
    StorefrontKeys keys;

    @Operation(summary = "The console and admin API users")
    @APIResponse(responseCode = "200", description = "The users",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = Account.class)))
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    @Path("users")
    public List<Account> users() {
        return accounts.list();
    }

    @Operation(summary = "Add a user (merchandisers)")
    @APIResponse(responseCode = "201", description = "The user added",
            content = @Content(schema = @Schema(ref = "Account")))
    @APIResponse(responseCode = "409", description = "username-taken")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("users")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response addUser(@Valid @NotNull NewAccount body) {
        return Response.status(Response.Status.CREATED).entity(accounts.add(body)).build();
    }

    @Operation(summary = "The storefront API keys, never their secrets")
    @APIResponse(responseCode = "200", description = "The keys",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = ApiKey.class)))
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    @Path("api-keys")
    public List<ApiKey> apiKeys() {
        return keys.list();
    }

    @Operation(summary = "Issue a storefront API key (merchandisers); its secret is shown only here")
    @APIResponse(responseCode = "201", description = "The key issued, with its secret",
            content = @Content(schema = @Schema(ref = "IssuedApiKey")))
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("api-keys")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response issueApiKey(@Valid @NotNull NewApiKey body) {
        IssuedApiKey issued = keys.issue(body.name());
        return Response.status(Response.Status.CREATED).entity(issued).build();
    }

    @Operation(summary = "Revoke a storefront API key (merchandisers)")
    @APIResponse(responseCode = "204", description = "Revoked")
    @APIResponse(responseCode = "400", description = "invalid-id")
    @APIResponse(responseCode = "404", description = "api-key-not-found")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("api-keys/{id}/revoke")
    public Response revokeApiKey(@PathParam("id") String id) {
        keys.revoke(Ids.parse(id, "api-key"));
        return Response.noContent().build();
    }
}
