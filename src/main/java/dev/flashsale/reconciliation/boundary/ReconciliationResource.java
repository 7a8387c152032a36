package dev.flashsale.reconciliation.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reconciliation.entity.ReconciliationRun;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** Recent reconciliation runs with their gaps, and a run on demand (role merchandiser). */
@ApplicationScoped
@Path("admin/reconciliation")
@Produces(MediaType.APPLICATION_JSON)
public class ReconciliationResource {

    private static final int RECENT_RUNS = 20;

    @Inject
    Reconciler reconciler;

    @GET
    public List<ReconciliationRun> recent() {
        return reconciler.recent(RECENT_RUNS);
    }

    @POST
    @Path("run")
    public ReconciliationRun runNow() {
        return reconciler.runOnDemand().orElseThrow(() -> ProblemException.conflict("reconciliation-running",
                "Reconciliation running", "Another node is reconciling right now; its run will show in the list"));
    }
}
