package dev.flashsale.webhooks.entity;

import java.util.UUID;

/** A delivery a sender claimed, with what it needs to send it. */
public record ClaimedDelivery(UUID id, UUID webhookId, int attempt, String messageId, String body, String url, String secret) {
}
