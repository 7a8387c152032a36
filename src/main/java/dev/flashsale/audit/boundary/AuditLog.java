package dev.flashsale.audit.boundary;

import dev.flashsale.audit.entity.AuditEvent;
import dev.flashsale.platform.security.Roles;
import jakarta.annotation.security.DeclareRoles;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;
import java.util.List;

/** Reading the audit trail, for anyone who may see the console. */
@Stateless
@DeclareRoles({Roles.MERCHANDISER, Roles.VIEWER})
@RolesAllowed({Roles.MERCHANDISER, Roles.VIEWER})
public class AuditLog {

    public static final int MAX_EVENTS = 500;

    @Inject
    AuditTrail trail;

    public List<AuditEvent> recent(String actor, String target, int limit) {
        return trail.recent(actor, target, Math.max(1, Math.min(limit, MAX_EVENTS)));
    }
}
