package dev.flashsale.reconciliation.entity;

/** What disagreed with what. PostgreSQL wins every disagreement. */
public enum GapKind {
    /** Stock counts differ from the sums of their reservations: a bug, for a person to look at. */
    LEDGER_BUG,
    /**
     * The gate's counter is above PostgreSQL's available units: buyers PostgreSQL must refuse get
     * past the gate (never oversold: PostgreSQL decides), or a release landed while the two were read.
     */
    REDIS_HIGH,
    /** The gate's counter is below: it only undersells, and is often a claim in flight. */
    REDIS_LOW
}
