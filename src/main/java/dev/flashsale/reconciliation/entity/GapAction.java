package dev.flashsale.reconciliation.entity;

/** What a reconciliation run did about a gap. */
public enum GapAction {
    /** Corrected at once and raised as an alert. */
    ALERTED,
    /** Left alone: corrected if the next run finds the same gap. */
    WATCHED,
    /** The counter was rebuilt from PostgreSQL. */
    CORRECTED,
    /** Nothing to correct automatically: recorded for a person. */
    RECORDED
}
