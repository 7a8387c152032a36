package dev.flashsale.audit.boundary;

import dev.flashsale.audit.control.Redaction;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.audit.entity.AuditEvent;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.security.enterprise.SecurityContext;
import jakarta.transaction.Transactional;
import java.security.Principal;
import java.util.List;

/**
 * Writes admin actions into {@code audit_event} inside the caller's transaction, with the
 * authenticated caller as the actor. The one way into the table: every detail passes
 * {@link Redaction} here, so no caller can write a secret into what viewers read; details are
 * redacted again as they are read, for those written before.
 */
@ApplicationScoped
public class AuditTrail {

    private static final int DETAIL_LIMIT = 1000;

    @Inject
    Statements sql;

    @Inject
    SecurityContext security;

    @Transactional(Transactional.TxType.MANDATORY)
    public void record(AuditAction action, String target, String detail) {
        String redacted = Redaction.of(detail);
        sql.named("audit/insert_event")
                .with("actor", actor())
                .with("action", action.storedName())
                .with("target", target)
                .with("detail", redacted.length() > DETAIL_LIMIT ? redacted.substring(0, DETAIL_LIMIT) : redacted)
                .update();
    }

    /** The newest events first; an empty actor or target means any. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AuditEvent> recent(String actor, String target, int limit) {
        List<Tuple> rows = sql.named("audit/find_recent_events")
                .with("actor", actor == null ? "" : actor.strip())
                .with("target", target == null ? "" : target.strip())
                .with("limit", limit)
                .rows();
        return rows.stream().map(row -> new AuditEvent(Rows.number(row, "id"), Rows.instant(row, "at"),
                Rows.text(row, "actor"), Rows.text(row, "action"), Rows.text(row, "target"),
                Redaction.of(Rows.text(row, "detail")))).toList();
    }

    private String actor() {
        Principal caller = security.getCallerPrincipal();
        return caller == null ? "system" : caller.getName();
    }
}
