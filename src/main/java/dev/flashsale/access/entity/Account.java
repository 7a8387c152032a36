package dev.flashsale.access.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/** A console and admin API user as shown to administrators and, its own, to the user (never with its hash). */
@JsonbPropertyOrder({"username", "role", "enabled", "createdAt"})
public record Account(String username, String role, boolean enabled, Instant createdAt) {
}
