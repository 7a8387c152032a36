package dev.flashsale.testsupport.history;

/** Something the final state and the history cannot both be right about. */
public record Anomaly(Kind kind, String detail) {

    public enum Kind {
        /** More units promised (held or sold, by reservations or by the counts) than the SKU has. */
        OVERSOLD,
        /** The counts disagree with the reservations or with the ledger. */
        LEDGER_MISMATCH,
        /** A reservation's ledger rows did not hold, sell or give back its units exactly once. */
        UNITS_NOT_RETURNED_ONCE,
        /** A reservation a client was told of (200 or 201) is missing, or is not what it asked for. */
        LOST_RESERVATION,
        /** A reservation no request could have made: no reserve of its key and body was ok or unknown. */
        PHANTOM_RESERVATION,
        /** One idempotency key took more than one reservation. */
        KEY_TOOK_TWICE,
        /** A confirm or cancel the client was told succeeded did not leave the reservation so. */
        LOST_TRANSITION,
        /** An unknown outcome that the final state cannot settle. */
        UNRESOLVED,
        /** A buyer holds or bought more of a sale than its cap. */
        CAP_EXCEEDED,
        /** A hold expired before its deadline: the one it ends with, or one an extension was told. */
        SWEPT_BEFORE_DEADLINE,
        /**
         * A hold's extensions are not those its requests account for: fewer than were answered ok
         * (an extension lost), more than were ok or unknown (one no request made), or more than its
         * sale allows.
         */
        EXTENSIONS_MISCOUNTED,
        /** The gate's counter in Redis disagrees with what PostgreSQL has available. */
        REDIS_DRIFT,
        /**
         * More outcomes unknown than the run's bound: each one the final state settles either way,
         * so a history that is mostly unknown proves little.
         */
        TOO_MANY_UNKNOWN,
        /** A transition the final state shows (confirmed, cancelled, expired) whose webhook event was never delivered. */
        EVENT_NOT_DELIVERED,
        /** An event that the final state does not bear out (a confirm announced of a reservation that is not paid ...). */
        EVENT_UNFOUNDED,
        /** A webhook request whose signature did not verify. */
        EVENT_UNSIGNED,
        /** A room gave one buyer two tickets, or named one admission token for two tickets. */
        TICKET_TWICE,
        /** One admission token made more than one reservation. */
        TOKEN_USED_TWICE,
        /** More admitted buyers reserved than the room's units and the units given back allow. */
        ADMITTED_BEYOND_UNITS,
        /**
         * A room's sale ended its holds with units free that no admitted buyer was offered, while
         * buyers still waited in its queue: a unit given back was neither offered again nor sold.
         */
        RETURNED_UNIT_NOT_REOFFERED,
        /** A new reservation made after its sale was paused (and before it opened again) or closed. */
        RESERVED_WHILE_NOT_OPEN,
        /** A hold refused or ended as expired before its deadline could have passed. */
        EARLY_EXPIRY,
        /** The sale's report counts other than its ledger records (confirmed, cancelled, expired, returned, sold). */
        REPORT_MISMATCH
    }
}
