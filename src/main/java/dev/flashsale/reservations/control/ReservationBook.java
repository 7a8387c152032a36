package dev.flashsale.reservations.control;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.reservations.entity.Movement;
import dev.flashsale.reservations.entity.Reservation;
import dev.flashsale.reservations.entity.ReservationPage;
import dev.flashsale.reservations.entity.ReservationQuery;
import dev.flashsale.reservations.entity.ReservationStatus;
import dev.flashsale.stock.entity.Sku;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The reservations as recorded: found by id or key, searched, and their stock movements. Their
 * transitions move units, so they are the stock component's ({@code stock.boundary.HoldUnits}).
 */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class ReservationBook {

    @Inject
    Statements sql;

    /** The reservations recorded under any of these idempotency keys, each in its owner's space. */
    public List<Reservation> findByKeys(Collection<IdempotencyKey> idempotencyKeys) {
        List<Tuple> rows = sql.named("reservations/find_reservations_by_keys")
                .with("keys", PgArrays.literal(idempotencyKeys.stream().map(IdempotencyKey::value).toList()))
                .with("owners", PgArrays.literal(idempotencyKeys.stream().map(key -> key.owner().id()).toList()))
                .rows();
        return rows.stream().map(ReservationBook::reservation).toList();
    }

    /** Which of {@code tickets} bought a checkout in the sale already. */
    public Set<String> usedTickets(SaleId saleId, Collection<String> tickets) {
        if (tickets.isEmpty()) {
            return new HashSet<>();
        }
        List<?> used = sql.named("reservations/find_used_tickets")
                .with("saleId", saleId.value())
                .with("tickets", PgArrays.literal(tickets))
                .values();
        return used.stream().map(String::valueOf).collect(Collectors.toCollection(HashSet::new));
    }

    public Optional<Reservation> find(ReservationId id) {
        return sql.named("reservations/find_reservation").with("id", id.value()).firstRow().map(ReservationBook::reservation);
    }

    /**
     * A page of the reservations {@code query} finds: {@code limit} from {@code offset}, newest
     * first unless {@code oldestFirst}, and how many it finds in all (0 for a page past the last).
     */
    public ReservationPage search(ReservationQuery query, int offset, int limit, boolean oldestFirst) {
        List<Tuple> rows = sql.named("reservations/search_reservations")
                .with("idempotencyKey", ReservationQuery.orEmpty(query.idempotencyKey()))
                .with("buyerId", query.buyerId() == null ? "" : query.buyerId().value())
                .with("status", query.status() == null ? "" : query.status().name())
                .with("sku", ReservationQuery.orEmpty(query.sku()))
                .with("saleId", query.saleId() == null ? "" : query.saleId().toString())
                .with("oldestFirst", oldestFirst)
                .with("offset", offset)
                .with("limit", limit)
                .rows();
        return new ReservationPage(rows.stream().map(ReservationBook::reservation).toList(),
                rows.isEmpty() ? 0 : Rows.number(rows.get(0), "total"));
    }

    /**
     * Up to {@code batch} holds running out within {@code seconds} not announced yet for their
     * deadline, recorded as announced now (once across all nodes).
     */
    public List<Reservation> noticeExpiringHolds(int seconds, int batch) {
        List<Tuple> rows = sql.named("reservations/notice_expiring_holds")
                .with("seconds", seconds)
                .with("batch", batch)
                .rows();
        return rows.stream().map(ReservationBook::reservation).toList();
    }

    /** Forgets up to {@code batch} announcements of deadlines long past. */
    public int forgetExpiringNotices(int batch) {
        return sql.named("reservations/forget_expiring_notices").with("batch", batch).update();
    }

    public List<Movement> movementsOf(ReservationId reservationId) {
        List<Tuple> rows = sql.named("reservations/find_movements_of_reservation")
                .with("reservationId", reservationId.value())
                .rows();
        return rows.stream().map(row -> new Movement(Rows.number(row, "id"), Rows.text(row, "kind"),
                Rows.integer(row, "qty"), Rows.integer(row, "held_delta"), Rows.integer(row, "sold_delta"),
                Rows.instant(row, "at"), Rows.number(row, "txid"), Rows.instant(row, "extended_to"))).toList();
    }

    static Reservation reservation(Tuple row) {
        return new Reservation(new ReservationId(Rows.uuid(row, "id")), Rows.idempotencyKey(row),
                new Sku(Rows.text(row, "sku")), new BuyerId(Rows.text(row, "buyer_id")), Rows.integer(row, "qty"),
                ReservationStatus.valueOf(Rows.text(row, "status")), Rows.instant(row, "created_at"),
                Rows.instant(row, "expires_at"), Rows.instant(row, "updated_at"), Rows.integer(row, "extensions"));
    }
}
