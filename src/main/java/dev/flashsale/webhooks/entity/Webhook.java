package dev.flashsale.webhooks.entity;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A registered webhook as listed: its secret only by its first characters ({@code secretPrefix}). */
public record Webhook(UUID id, String url, List<String> events, String secretPrefix, boolean enabled,
                      String createdBy, Instant createdAt, Instant updatedAt) {
}
