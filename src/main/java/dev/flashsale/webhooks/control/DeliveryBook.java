package dev.flashsale.webhooks.control;

import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import dev.flashsale.webhooks.entity.Delivery;
import dev.flashsale.webhooks.entity.DeliveryCounts;
import dev.flashsale.webhooks.entity.DeliveryStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** The {@code outbox} and {@code webhook_delivery} tables: events written, deliveries claimed and settled. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class DeliveryBook {

    /** The longest last error kept (the column's width). */
    private static final int ERROR_MAX = 500;

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    /** Writes the event with a delivery per subscribed webhook; @return the deliveries written (0: nobody listens) */
    public int recordEvent(UUID id, String type, String body) {
        return em.createNativeQuery(sql.get("webhooks/record_event"))
                .setParameter("id", id)
                .setParameter("type", type)
                .setParameter("body", body)
                .executeUpdate();
    }

    /** Whether an enabled webhook subscribes to events of {@code type}. */
    public boolean listened(String type) {
        return Boolean.TRUE.equals(em.createNativeQuery(sql.get("webhooks/find_listened")).setParameter("type", type)
                .getSingleResult());
    }

    public List<ClaimedDelivery> claim(UUID claim, String node, int batch, int leaseSeconds) {
        List<Tuple> rows = em.createNativeQuery(sql.get("webhooks/claim_deliveries"), Tuple.class)
                .setParameter("claim", claim)
                .setParameter("node", node)
                .setParameter("batch", batch)
                .setParameter("leaseSeconds", leaseSeconds)
                .getResultList();
        return rows.stream().map(row -> new ClaimedDelivery(Rows.uuid(row, "id"), Rows.integer(row, "attempts"),
                "msg_" + Rows.uuid(row, "message_id"), Rows.text(row, "body"), Rows.text(row, "url"),
                Rows.text(row, "secret"))).toList();
    }

    public void delivered(Attempt attempt) {
        em.createNativeQuery(sql.get("webhooks/mark_delivered"))
                .setParameter("id", attempt.delivery().id())
                .setParameter("status", attempt.status())
                .executeUpdate();
    }

    /** @return the delivery's status now, empty when another sender holds its claim now */
    public Optional<DeliveryStatus> attemptFailed(UUID claim, Attempt attempt, long delayMillis, int giveUpSeconds) {
        String error = attempt.error() == null ? "" : attempt.error();
        List<?> rows = em.createNativeQuery(sql.get("webhooks/mark_attempt_failed"))
                .setParameter("id", attempt.delivery().id())
                .setParameter("claim", claim)
                .setParameter("status", attempt.status() == 0 ? null : attempt.status())
                .setParameter("error", error.length() > ERROR_MAX ? error.substring(0, ERROR_MAX) : error)
                .setParameter("delayMs", delayMillis)
                .setParameter("giveUpSeconds", giveUpSeconds)
                .getResultList();
        return rows.stream().findFirst().map(status -> DeliveryStatus.valueOf(status.toString()));
    }

    /** @return true when it was FAILED and is PENDING now */
    public boolean sendAgain(UUID id) {
        return !em.createNativeQuery(sql.get("webhooks/send_again")).setParameter("id", id).getResultList().isEmpty();
    }

    public Optional<DeliveryStatus> status(UUID id) {
        List<?> rows = em.createNativeQuery(sql.get("webhooks/find_delivery_status")).setParameter("id", id).getResultList();
        return rows.stream().findFirst().map(status -> DeliveryStatus.valueOf(status.toString()));
    }

    public List<Delivery> list(DeliveryStatus status, int limit) {
        List<Tuple> rows = em.createNativeQuery(sql.get("webhooks/find_deliveries"), Tuple.class)
                .setParameter("status", status.name())
                .setParameter("limit", limit)
                .getResultList();
        return rows.stream().map(row -> new Delivery(Rows.uuid(row, "id"), Rows.uuid(row, "webhook_id"), Rows.text(row, "url"),
                "msg_" + Rows.uuid(row, "message_id"), Rows.text(row, "type"), DeliveryStatus.valueOf(Rows.text(row, "status")),
                Rows.integer(row, "attempts"), Rows.instant(row, "next_attempt_at"), Rows.optionalInteger(row, "last_status"),
                Rows.text(row, "last_error"), Rows.instant(row, "last_attempt_at"), Rows.instant(row, "created_at"),
                Rows.instant(row, "delivered_at"))).toList();
    }

    public DeliveryCounts counts() {
        Tuple row = (Tuple) em.createNativeQuery(sql.get("webhooks/count_deliveries"), Tuple.class).getSingleResult();
        return new DeliveryCounts(Rows.number(row, "pending"), Rows.number(row, "failed"));
    }

    /** @return the events forgotten */
    public int prune(int keptHours, int batch) {
        return em.createNativeQuery(sql.get("webhooks/prune_outbox")).setParameter("keptHours", keptHours)
                .setParameter("batch", batch).executeUpdate();
    }
}
