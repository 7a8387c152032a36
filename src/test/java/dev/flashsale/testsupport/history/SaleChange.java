package dev.flashsale.testsupport.history;

/**
 * One merchandiser's change to a sale during a run, as the client saw it.
 *
 * @param units the SKU's new units for a {@link Kind#UNITS} change; 0 otherwise
 */
public record SaleChange(long id, Kind kind, String saleId, long invoked, long completed, Op.Outcome outcome, int status,
                         int units) {

    public enum Kind { OPEN, PAUSE, CLOSE, UNITS }

    /** Whether the sale is certainly so once this change completed: answered 200. */
    boolean took() {
        return outcome == Op.Outcome.OK;
    }
}
