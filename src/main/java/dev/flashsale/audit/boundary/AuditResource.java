package dev.flashsale.audit.boundary;

import dev.flashsale.audit.entity.AuditEvent;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.rest.QueryParams;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
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

/** The audit trail over the admin API, newest first. */
@ApplicationScoped
@Tag(name = "Admin: audit")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditLog log;

    @Operation(summary = "The audit trail, newest first, by actor and target")
    @APIResponse(responseCode = "200", description = "The events",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = AuditEvent.class)))
    @APIResponse(responseCode = "400", description = "invalid-limit")
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    public List<AuditEvent> recent(@QueryParam("actor") String actor, @QueryParam("target") String target,
                                   @QueryParam("limit") @DefaultValue("100") String limit) {
        return log.recent(actor, target, QueryParams.limit(limit, AuditLog.MAX_EVENTS));
    }
}
