package dev.flashsale.access.boundary;

import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.NewAccount;
import dev.flashsale.access.entity.NewPassword;
import dev.flashsale.access.entity.NewRole;
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
import jakarta.ws.rs.PUT;
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

/** The console's and admin API's users over the admin API: administrators only. */
@ApplicationScoped
@Tag(name = "Admin: access")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/users")
@Produces(MediaType.APPLICATION_JSON)
@Access(Roles.ADMINISTRATOR)
public class UsersResource {

    @Inject
    AccountAdmin accounts;

    @Operation(summary = "The console and admin API users")
    @APIResponse(responseCode = "200", description = "The users",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = Account.class)))
    @GET
    public List<Account> users() {
        return accounts.list();
    }

    @Operation(summary = "Add a user")
    @APIResponse(responseCode = "201", description = "The user added",
            content = @Content(schema = @Schema(ref = "Account")))
    @APIResponse(responseCode = "409", description = "username-taken")
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response addUser(@Valid @NotNull NewAccount body) {
        return Response.status(Response.Status.CREATED).entity(accounts.add(body)).build();
    }

    @Operation(summary = "Disable a user: its next request is refused, its console sessions end")
    @APIResponse(responseCode = "200", description = "The user, disabled", content = @Content(schema = @Schema(ref = "Account")))
    @APIResponse(responseCode = "404", description = "user-not-found")
    @APIResponse(responseCode = "409", description = "own-account, last-administrator")
    @POST
    @Path("{username}/disable")
    public Account disable(@PathParam("username") String username) {
        return accounts.disable(username);
    }

    @Operation(summary = "Enable a disabled user again")
    @APIResponse(responseCode = "200", description = "The user, enabled", content = @Content(schema = @Schema(ref = "Account")))
    @APIResponse(responseCode = "404", description = "user-not-found")
    @POST
    @Path("{username}/enable")
    public Account enable(@PathParam("username") String username) {
        return accounts.enable(username);
    }

    @Operation(summary = "Give a user another role: its console sessions end, its next login has the new role")
    @APIResponse(responseCode = "200", description = "The user, with the role", content = @Content(schema = @Schema(ref = "Account")))
    @APIResponse(responseCode = "400", description = "invalid-request")
    @APIResponse(responseCode = "404", description = "user-not-found")
    @APIResponse(responseCode = "409", description = "own-account, last-administrator")
    @PUT
    @Path("{username}/role")
    @Consumes(MediaType.APPLICATION_JSON)
    public Account changeRole(@PathParam("username") String username, @Valid @NotNull NewRole body) {
        return accounts.changeRole(username, body.role());
    }

    @Operation(summary = "Reset a user's password: the old one stops working, the user's console sessions end")
    @APIResponse(responseCode = "204", description = "Reset")
    @APIResponse(responseCode = "400", description = "invalid-request")
    @APIResponse(responseCode = "404", description = "user-not-found")
    @POST
    @Path("{username}/password")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response resetPassword(@PathParam("username") String username, @Valid @NotNull NewPassword body) {
        accounts.resetPassword(username, body.password());
        return Response.noContent().build();
    }
}
