/**
 * Reconciliation on a timer: PostgreSQL audits its counts against its reservations, and the
 * Redis gate's counters, read and corrected through the gate's boundary, are compared with
 * PostgreSQL, which wins every disagreement. Every run and gap is recorded for the console.
 */
package dev.flashsale.reconciliation;
