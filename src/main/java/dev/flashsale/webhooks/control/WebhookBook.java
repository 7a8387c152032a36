package dev.flashsale.webhooks.control;

import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.webhooks.entity.Webhook;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** The {@code webhook} table. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class WebhookBook {

    @Inject
    Statements sql;

    /** @return false when {@code max} webhooks are registered already (nothing stored) */
    public boolean insert(UUID id, WebhookRules.Checked webhook, String secret, String createdBy, int max) {
        sql.named("webhooks/lock_webhooks").singleValue();
        return sql.named("webhooks/insert_webhook")
                .with("id", id)
                .with("url", webhook.url())
                .with("events", PgArrays.literal(webhook.events()))
                .with("secret", secret)
                .with("enabled", webhook.enabled())
                .with("createdBy", createdBy)
                .with("max", max)
                .update() == 1;
    }

    /** @return false when there is no such webhook */
    public boolean update(UUID id, WebhookRules.Checked webhook) {
        return sql.named("webhooks/update_webhook")
                .with("id", id)
                .with("url", webhook.url())
                .with("events", PgArrays.literal(webhook.events()))
                .with("secret", webhook.secret())
                .with("enabled", webhook.enabled())
                .update() == 1;
    }

    /**
     * Turns a webhook off, the first step of its deletion, committed before {@link #delete}: once
     * it has, no new event finds the webhook, and the deletion waits only for the events already
     * in flight (db/webhooks/record_event.sql says why it waits).
     *
     * @return false when there is no such webhook
     */
    public boolean disable(UUID id) {
        return sql.named("webhooks/disable_webhook").with("id", id).update() == 1;
    }

    /** @return false when there is no such webhook; run after {@link #disable} */
    public boolean delete(UUID id) {
        sql.named("webhooks/lock_deliveries_of_webhook").with("id", id).singleValue();
        return sql.named("webhooks/delete_webhook").with("id", id).update() == 1;
    }

    public List<Webhook> list() {
        List<Tuple> rows = sql.named("webhooks/find_webhooks").rows();
        return rows.stream().map(row -> new Webhook(Rows.uuid(row, "id"), Rows.text(row, "url"),
                Arrays.asList(Rows.text(row, "events").split(",")), WebhookSecrets.shown(Rows.text(row, "secret")),
                Boolean.TRUE.equals(row.get("enabled")), Rows.text(row, "created_by"), Rows.instant(row, "created_at"),
                Rows.instant(row, "updated_at"))).toList();
    }
}
