package dev.flashsale.webhooks.control;

import dev.flashsale.platform.sql.PgArrays;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import dev.flashsale.webhooks.entity.Webhook;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/** The {@code webhook} table. */
@ApplicationScoped
@Transactional(Transactional.TxType.MANDATORY)
public class WebhookBook {

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    /** @return false when {@code max} webhooks are registered already (nothing stored) */
    public boolean insert(UUID id, WebhookRules.Checked webhook, String secret, String createdBy, int max) {
        em.createNativeQuery(sql.get("webhooks/lock_webhooks")).getSingleResult();
        return em.createNativeQuery(sql.get("webhooks/insert_webhook"))
                .setParameter("id", id)
                .setParameter("url", webhook.url())
                .setParameter("events", PgArrays.literal(webhook.events()))
                .setParameter("secret", secret)
                .setParameter("enabled", webhook.enabled())
                .setParameter("createdBy", createdBy)
                .setParameter("max", max)
                .executeUpdate() == 1;
    }

    /** @return false when there is no such webhook */
    public boolean update(UUID id, WebhookRules.Checked webhook) {
        return em.createNativeQuery(sql.get("webhooks/update_webhook"))
                .setParameter("id", id)
                .setParameter("url", webhook.url())
                .setParameter("events", PgArrays.literal(webhook.events()))
                .setParameter("secret", webhook.secret())
                .setParameter("enabled", webhook.enabled())
                .executeUpdate() == 1;
    }

    /** @return false when there is no such webhook */
    public boolean delete(UUID id) {
        return em.createNativeQuery(sql.get("webhooks/delete_webhook")).setParameter("id", id).executeUpdate() == 1;
    }

    public List<Webhook> list() {
        List<Tuple> rows = em.createNativeQuery(sql.get("webhooks/find_webhooks"), Tuple.class).getResultList();
        return rows.stream().map(row -> new Webhook(Rows.uuid(row, "id"), Rows.text(row, "url"),
                Arrays.asList(Rows.text(row, "events").split(",")), WebhookSecrets.shown(Rows.text(row, "secret")),
                Boolean.TRUE.equals(row.get("enabled")), Rows.text(row, "created_by"), Rows.instant(row, "created_at"),
                Rows.instant(row, "updated_at"))).toList();
    }
}
