package dev.flashsale.audit.boundary;

import dev.flashsale.audit.entity.AuditEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
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
                                   @QueryParam("limit") @DefaultValue("100") @Min(1) @Max(AuditLog.MAX_EVENTS) int limit) {
        return log.recent(actor, target, limit);
    }
}
