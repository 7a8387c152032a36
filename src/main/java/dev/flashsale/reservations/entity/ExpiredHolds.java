package dev.flashsale.reservations.entity;

/** How many holds ran out and how many units they gave back. */
public record ExpiredHolds(int holds, int units) {

    public static final ExpiredHolds NONE = new ExpiredHolds(0, 0);

    public ExpiredHolds plus(ExpiredHolds other) {
        return new ExpiredHolds(holds + other.holds, units + other.units);
    }
}
