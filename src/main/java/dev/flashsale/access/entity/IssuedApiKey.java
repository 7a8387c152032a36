package dev.flashsale.access.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import java.util.UUID;

/** A key just made: the only time its secret is shown. Only its SHA-256 is kept. */
@Schema(description = "A storefront API key just issued, with its secret")
@JsonbPropertyOrder({"id", "name", "prefix", "key"})
public record IssuedApiKey(UUID id, String name, String prefix, String key) {
}
