package dev.flashsale.webhooks.entity;

/** A webhook just registered, with its whole secret: the one answer that shows it. */
public record CreatedWebhook(Webhook webhook, String secret) {
}
