package dev.flashsale.reconciliation.entity;

/** What a reconciliation run did about a gap. */
public enum GapAction {
    /** A counter too high seen on two runs in a row: corrected, and raised as an alert. */
    ALERTED,
    /** Left alone: corrected if the next run finds the same gap. */
    WATCHED,
    /** A counter too low seen on two runs in a row: rebuilt from PostgreSQL. */
    CORRECTED,
    /** Nothing to correct automatically: recorded for a person. */
    RECORDED
}
