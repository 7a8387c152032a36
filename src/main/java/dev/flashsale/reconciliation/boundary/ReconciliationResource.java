package dev.flashsale.reconciliation.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.rest.ApiDocument;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reconciliation.entity.ReconciliationRun;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Recent reconciliation runs with their gaps, and a run on demand (role merchandiser). */
@ApplicationScoped
@Tag(name = "Admin: reconciliation")
@SecurityRequirement(name = ApiDocument.ADMIN_BASIC)
@Path("admin/reconciliation")
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {

    private static final int RECENT_RUNS = 20;

    @Inject
    Reconciler reconciler;

    @Operation(summary = "The recent reconciliation runs with their gaps")
    @APIResponse(responseCode = "200", description = "The runs, newest first",
            content = @Content(schema = @Schema(type = SchemaType.ARRAY, implementation = ReconciliationRun.class)))
    @Access({Roles.MERCHANDISER, Roles.VIEWER})
    @GET
    public List<ReconciliationRun> recent() {
        return reconciler.recent(RECENT_RUNS);
    }

    @Operation(summary = "Reconcile now (merchandisers)")
    @APIResponse(responseCode = "200", description = "The run",
            content = @Content(schema = @Schema(implementation = ReconciliationRun.class)))
    @APIResponse(responseCode = "409", description = "reconciliation-running")
    @Access(Roles.MERCHANDISER)
    @POST
    @Path("run")
    public ReconciliationRun runNow() {
        return reconciler.runOnDemand().orElseThrow(() -> ProblemException.conflict("reconciliation-running",
                "Reconciliation running", "Another node is reconciling right now; its run will show in the list"));
    }
}
