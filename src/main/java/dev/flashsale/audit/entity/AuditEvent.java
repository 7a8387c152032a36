package dev.flashsale.audit.entity;

import java.time.Instant;

/** One admin action: who did what to which target, when, with a human-readable detail. */
public record AuditEvent(long id, Instant at, String actor, String action, String target, String detail) {
}
