/**
 * The audit trail: who did which admin action on what, and when. Other components' boundaries
 * write to it through {@code boundary.AuditTrail}, inside the action's own transaction, so an
 * action that is rolled back leaves no trace and one that commits always does; {@code AuditLog}
 * reads it for the console and the admin API.
 */
package dev.flashsale.audit;
