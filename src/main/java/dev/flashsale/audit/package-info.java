/**
 * The audit trail: who did which admin action on what, and when. Boundaries write to it in the
 * action's own transaction, so an action that is rolled back leaves no trace and one that
 * commits always does.
 */
package dev.flashsale.audit;
