package dev.flashsale.access.boundary;

import dev.flashsale.access.entity.Account;
import dev.flashsale.access.entity.PasswordChange;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.platform.web.ClientAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The caller's own account over the admin API: every user. */
@ApplicationScoped
@Tag(name = "Admin: access")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/me")
@Produces(MediaType.APPLICATION_JSON)
@Access({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
public class OwnAccountResource {

    @Inject
    OwnAccount account;

    @Inject
    ClientAddress addresses;

    @Operation(summary = "The caller's own account")
    @APIResponse(responseCode = "200", description = "The account", content = @Content(schema = @Schema(ref = "Account")))
    @GET
    public Account me() {
        return account.me();
    }

    @Operation(summary = "Change one's own password; the current one is required")
    @APIResponse(responseCode = "204", description = "Changed")
    @APIResponse(responseCode = "400", description = "invalid-request, wrong-current-password")
    @APIResponse(responseCode = "429", description = "too-many-failed-logins")
    @POST
    @Path("password")
    @Consumes(MediaType.APPLICATION_JSON)
    public Response changePassword(@Valid @NotNull PasswordChange body, @Context HttpServletRequest request) {
        account.changeOwnPassword(body, addresses.of(request));
        return Response.noContent().build();
    }
}
