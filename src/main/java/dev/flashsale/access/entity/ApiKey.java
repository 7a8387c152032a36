package dev.flashsale.access.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;
import java.util.UUID;

/** A storefront API key as listed: its name and first characters, never the key itself. */
@JsonbPropertyOrder({"id", "name", "prefix", "createdBy", "createdAt", "revokedAt"})
public record ApiKey(UUID id, String name, String prefix, String createdBy, Instant createdAt, Instant revokedAt) {

    public boolean revoked() {
        return revokedAt != null;
    }
}
