package dev.flashsale.webhooks.entity;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** The events a webhook may subscribe to, by the names the storefronts see. */
public enum EventType {

    /** The waiting room admitted a buyer's ticket. */
    TICKET_ADMITTED("ticket.admitted"),
    /** A unit that a hold gave back was handed to a waiting ticket (one of the admissions above). */
    UNIT_REOFFERED("unit.reoffered"),
    /** A hold runs out within flashsale.webhooks.hold-expiring-seconds. */
    HOLD_EXPIRING("hold.expiring"),
    /** A hold ran out (the sweeper, or a lazy reclaim) and its units went back on sale. */
    HOLD_EXPIRED("hold.expired"),
    RESERVATION_CONFIRMED("reservation.confirmed"),
    RESERVATION_CANCELLED("reservation.cancelled"),
    /** Every unit of the sale is sold (confirmed). */
    SALE_SOLD_OUT("sale.sold_out");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<EventType> named(String name) {
        return Arrays.stream(values()).filter(type -> type.wireName.equals(name)).findFirst();
    }

    public static List<String> names() {
        return Arrays.stream(values()).map(EventType::wireName).toList();
    }
}
