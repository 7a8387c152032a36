package dev.flashsale.access.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.util.UUID;

/** A key just made: the only time its secret is shown. Only its SHA-256 is kept. */
@JsonbPropertyOrder({"id", "name", "prefix", "key"})
public record IssuedApiKey(UUID id, String name, String prefix, String key) {
}
