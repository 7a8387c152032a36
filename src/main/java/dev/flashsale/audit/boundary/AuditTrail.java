package dev.flashsale.audit.boundary;

import dev.flashsale.audit.control.Redaction;
import dev.flashsale.audit.entity.AuditAction;
import dev.flashsale.audit.entity.AuditEvent;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
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

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    @Inject
    SecurityContext security;

    @Transactional(Transactional.TxType.MANDATORY)
    public void record(AuditAction action, String target, String detail) {
        String redacted = Redaction.of(detail);
        em.createNativeQuery(sql.get("audit/insert_event"))
                .setParameter("actor", actor())
                .setParameter("action", action.storedName())
                .setParameter("target", target)
                .setParameter("detail", redacted.length() > DETAIL_LIMIT ? redacted.substring(0, DETAIL_LIMIT) : redacted)
                .executeUpdate();
    }

    /** The newest events first; an empty actor or target means any. */
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<AuditEvent> recent(String actor, String target, int limit) {
        List<Tuple> rows = em.createNativeQuery(sql.get("audit/find_recent_events"), Tuple.class)
                .setParameter("actor", actor == null ? "" : actor.strip())
                .setParameter("target", target == null ? "" : target.strip())
                .setParameter("limit", limit)
                .getResultList();
        return rows.stream().map(row -> new AuditEvent(Rows.number(row, "id"), Rows.instant(row, "at"),
                Rows.text(row, "actor"), Rows.text(row, "action"), Rows.text(row, "target"),
                Redaction.of(Rows.text(row, "detail")))).toList();
    }

    private String actor() {
        Principal caller = security.getCallerPrincipal();
        return caller == null ? "system" : caller.getName();
    }
}
