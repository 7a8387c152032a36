package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateHealth;
import dev.flashsale.gate.entity.GateStatus;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The state of the Redis gate on this node (role merchandiser). */
@ApplicationScoped
@Tag(name = "Admin: gate")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/gate")
@Produces(MediaType.APPLICATION_JSON)
public class GateResource {

    @Inject
    RedisGate gate;

    @Inject
    GateHealth health;

    @Operation(summary = "The Redis gate's state on this node")
    @APIResponse(responseCode = "200", description = "The state",
            content = @Content(schema = @Schema(implementation = GateStatus.class)))
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    public GateStatus status() {
        return new GateStatus(gate.enabled(), gate.inUse(), health.failures());
    }
}
