package dev.flashsale.audit.boundary;

import dev.flashsale.audit.entity.AuditEvent;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The audit trail over the admin API, newest first. */
@ApplicationScoped
@Path("admin/audit")
@Produces(MediaType.APPLICATION_JSON)
public class AuditResource {

    @Inject
    AuditLog log;

    @GET
    public List<AuditEvent> recent(@QueryParam("actor") String actor, @QueryParam("target") String target,
                                   @QueryParam("limit") @DefaultValue("100") String limit) {
        return log.recent(actor, target, limitOf(limit));
    }

    private static int limitOf(String limit) {
        try {
            int value = Integer.parseInt(limit.strip());
            if (value >= 1 && value <= AuditLog.MAX_EVENTS) {
                return value;
            }
        } catch (NumberFormatException notANumber) {
            // answered below
        }
        throw ProblemException.badRequest("invalid-limit", "limit is a whole number from 1 to " + AuditLog.MAX_EVENTS);
    }
}
