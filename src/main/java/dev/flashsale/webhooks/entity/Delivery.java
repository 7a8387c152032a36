package dev.flashsale.webhooks.entity;

import java.time.Instant;
import java.util.UUID;

/**
 * One event's delivery to one webhook.
 *
 * @param messageId    the {@code webhook-id} header, the same on every attempt
 * @param lastStatus   the receiver's last HTTP status; null when it gave none (connection failed, timeout)
 * @param nextAttemptAt when it is due again (pending), or when it was last due
 */
public record Delivery(UUID id, UUID webhookId, String url, String messageId, String type, DeliveryStatus status,
                       int attempts, Instant nextAttemptAt, Integer lastStatus, String lastError, Instant lastAttemptAt,
                       Instant createdAt, Instant deliveredAt) {
}
