package dev.flashsale.gate.entity;

/** What the gate says to a checkout attempt. Only PostgreSQL ever says yes for good. */
public enum GateVerdict {
    /** Units taken from the counter: try PostgreSQL, and give them back if it refuses. */
    PASSED,
    /** Not enough units by the counter or the sold-out flag: refuse without asking PostgreSQL. */
    SOLD_OUT,
    /**
     * Not enough units by the counter, but a hold is overdue: PostgreSQL may expire it and give
     * its units to this buyer at once (lazy reclaim). Taken at the gate afterwards if it does.
     */
    OVERDUE_HOLDS,
    /** This idempotency key already holds units: a retry, answered by PostgreSQL. */
    KEY_HOLDS,
    /** The sale's window is not open yet: refuse without asking PostgreSQL; nothing was taken. */
    NOT_OPEN,
    /**
     * The sale's window opens about now, within what Redis' clock and PostgreSQL's may differ by,
     * or the sale is paused: nothing taken, PostgreSQL decides.
     */
    OPENING,
    /** The counter is not loaded: build it from PostgreSQL and ask again. */
    NOT_LOADED,
    /** The gate is off or Redis is unreachable: PostgreSQL alone decides. */
    BYPASSED
}
