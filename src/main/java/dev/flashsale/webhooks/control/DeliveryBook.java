package dev.flashsale.webhooks.control;

import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.webhooks.entity.Attempt;
import dev.flashsale.webhooks.entity.ClaimLimits;
import dev.flashsale.webhooks.entity.ClaimedDelivery;
import dev.flashsale.webhooks.entity.Delivery;
import dev.flashsale.webhooks.entity.DeliveryCounts;
import dev.flashsale.webhooks.entity.DeliveryStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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

    @Inject
    Statements sql;

    /** Writes the event with a delivery per subscribed webhook; @return the deliveries written (0: nobody listens) */
    public int recordEvent(UUID id, String type, String body) {
        return sql.named("webhooks/record_event").with("id", id).with("type", type).with("body", body).update();
    }

    /** Whether an enabled webhook subscribes to events of {@code type}. */
    public boolean listened(String type) {
        return Boolean.TRUE.equals(sql.named("webhooks/find_listened").with("type", type).singleValue());
    }

    /** Up to {@code batch} due deliveries, within {@code limits}. */
    public List<ClaimedDelivery> claim(UUID claim, String node, int batch, ClaimLimits limits, int leaseSeconds) {
        List<UUID> allowed = List.copyOf(limits.allowances().keySet());
        List<Tuple> rows = sql.named("webhooks/claim_deliveries")
                .with("claim", claim)
                .with("node", node)
                .with("batch", batch)
                .with("busy", PgArrays.literal(limits.busy()))
                .with("allowed", PgArrays.literal(allowed))
                .with("allowances", PgArrays.literal(allowed.stream().map(limits.allowances()::get).toList()))
                .with("slow", PgArrays.literal(limits.slow()))
                .with("slowMost", limits.slowMost())
                .with("leaseSeconds", leaseSeconds)
                .rows();
        return rows.stream().map(row -> new ClaimedDelivery(Rows.uuid(row, "id"), Rows.uuid(row, "webhook_id"), Rows.integer(row, "attempts"),
                "msg_" + Rows.uuid(row, "message_id"), Rows.text(row, "body"), Rows.text(row, "url"),
                Rows.text(row, "secret"))).toList();
    }

    public void delivered(Attempt attempt) {
        sql.named("webhooks/mark_delivered")
                .with("id", attempt.delivery().id())
                .with("status", attempt.status())
                .update();
    }

    /** @return the delivery's status now, empty when another sender holds its claim now */
    public Optional<DeliveryStatus> attemptFailed(UUID claim, Attempt attempt, long delayMillis, int giveUpSeconds) {
        String error = attempt.error() == null ? "" : attempt.error();
        List<?> rows = sql.named("webhooks/mark_attempt_failed")
                .with("id", attempt.delivery().id())
                .with("claim", claim)
                .with("status", attempt.status() == 0 ? null : attempt.status())
                .with("error", error.length() > ERROR_MAX ? error.substring(0, ERROR_MAX) : error)
                .with("delayMs", delayMillis)
                .with("giveUpSeconds", giveUpSeconds)
                .values();
        return rows.stream().findFirst().map(status -> DeliveryStatus.valueOf(status.toString()));
    }

    /** @return true when it was FAILED and is PENDING now */
    public boolean sendAgain(UUID id) {
        return !sql.named("webhooks/send_again").with("id", id).values().isEmpty();
    }

    public Optional<DeliveryStatus> status(UUID id) {
        List<?> rows = sql.named("webhooks/find_delivery_status").with("id", id).values();
        return rows.stream().findFirst().map(status -> DeliveryStatus.valueOf(status.toString()));
    }

    public List<Delivery> list(DeliveryStatus status, int limit) {
        List<Tuple> rows = sql.named("webhooks/find_deliveries")
                .with("status", status.name())
                .with("limit", limit)
                .rows();
        return rows.stream().map(row -> new Delivery(Rows.uuid(row, "id"), Rows.uuid(row, "webhook_id"), Rows.text(row, "url"),
                "msg_" + Rows.uuid(row, "message_id"), Rows.text(row, "type"), DeliveryStatus.valueOf(Rows.text(row, "status")),
                Rows.integer(row, "attempts"), Rows.instant(row, "next_attempt_at"), Rows.optionalInteger(row, "last_status"),
                Rows.text(row, "last_error"), Rows.instant(row, "last_attempt_at"), Rows.instant(row, "created_at"),
                Rows.instant(row, "delivered_at"))).toList();
    }

    public DeliveryCounts counts() {
        Tuple row = sql.named("webhooks/count_deliveries").singleRow();
        return new DeliveryCounts(Rows.number(row, "pending"), Rows.number(row, "failed"));
    }

    /** @return the events forgotten */
    public int prune(int keptHours, int batch) {
        return sql.named("webhooks/prune_outbox").with("keptHours", keptHours).with("batch", batch).update();
    }
}
