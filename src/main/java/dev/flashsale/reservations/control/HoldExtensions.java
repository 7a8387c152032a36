package dev.flashsale.reservations.control;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.reservations.entity.HoldExtension;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;

/**
 * A live hold's deadline moved later for a payment in flight: one conditional UPDATE
 * (db/reservations/extend_hold.sql) that checks and counts the extension and writes it to the
 * ledger, so that concurrent extensions of one hold never pass its sale's allowance; and, when it
 * changed nothing, what it found (db/reservations/find_extension_of_hold.sql).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class HoldExtensions {

    @Inject
    Statements sql;

    /**
     * @param seconds the seconds asked for (the sale grants at most its {@code maxExtensionSeconds}); null: the sale's most
     * @return the reservation extended, or empty when nothing changed
     */
    public Optional<Reservation> extend(ReservationId id, Integer seconds) {
        List<Tuple> rows = sql.named("reservations/extend_hold").with("id", id.value()).with("seconds", seconds).rows();
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        Tuple row = rows.get(0);
        if (Rows.number(row, "recorded") != 1) {
            throw new IllegalStateException("The extension of " + id + " was not written to the ledger");
        }
        return Optional.of(ReservationBook.reservation(row));
    }

    /** The hold as an extension sees it; empty when there is no such reservation. */
    public Optional<HoldExtension> find(ReservationId id) {
        return sql.named("reservations/find_extension_of_hold").with("id", id.value()).firstRow()
                .map(row -> new HoldExtension(ReservationStatus.valueOf(Rows.text(row, "status")),
                        Boolean.TRUE.equals(row.get("live")), Rows.integer(row, "extensions"),
                        Rows.integer(row, "max_extension_seconds"), Rows.integer(row, "max_extensions")));
    }
}
