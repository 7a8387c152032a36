package dev.flashsale.testsupport.history;

/**
 * One request of a recorded history, as the client saw it: what it asked, when (nanoseconds
 * since the history began) and what came back.
 *
 * @param key           the idempotency key of a reserve; null for confirm and cancel
 * @param target        the reservation a confirm or cancel named; null for a reserve
 * @param reservationId the reservation a successful answer named (null when its answer had no body)
 * @param problem       the problem type's slug of a refusal, or what failed for an unknown outcome
 * @param state         the reservation's status in a successful answer (a cancel of a hold that ran
 *                      out meanwhile answers EXPIRED: it ended anyway)
 * @param deadline      the hold's deadline in a successful reserve's or extension's answer (ISO-8601,
 *                      PostgreSQL's clock); null otherwise
 */
public record Op(long id, Kind kind, String key, String sku, String buyer, int qty, String target,
                 long invoked, long completed, Outcome outcome, int status, String problem, String reservationId,
                 String state, String deadline) {

    public enum Kind { RESERVE, CONFIRM, CANCEL, EXTEND }

    /** A request that told no deadline (a confirm, a cancel, or one whose answer did not say). */
    public Op(long id, Kind kind, String key, String sku, String buyer, int qty, String target, long invoked, long completed,
              Outcome outcome, int status, String problem, String reservationId, String state) {
        this(id, kind, key, sku, buyer, qty, target, invoked, completed, outcome, status, problem, reservationId, state, null);
    }

    /**
     * OK: 200 or 201. REFUSED: a 4xx, which changes nothing. UNSENT: the connection was refused, so
     * no server ever read the request (a node that is down). UNKNOWN: a 5xx, a timeout or a
     * connection dropped once the request was sent: it may or may not have taken effect, and only
     * the final state tells.
     */
    public enum Outcome {
        OK, REFUSED, UNSENT, UNKNOWN;

        /** Whether a request with this outcome may have changed anything. */
        boolean mayHaveActed() {
            return this == OK || this == UNKNOWN;
        }
    }

    /** Whether this request may have made a reservation with this key, SKU, buyer and quantity. */
    boolean mayHaveReserved(String key, String sku, String buyer, int qty) {
        return kind == Kind.RESERVE && outcome.mayHaveActed() && this.key.equals(key) && this.sku.equals(sku)
                && this.buyer.equals(buyer) && this.qty == qty;
    }
}
