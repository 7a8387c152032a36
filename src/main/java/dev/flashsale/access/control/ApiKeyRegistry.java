package dev.flashsale.access.control;

import dev.flashsale.access.entity.ApiKeysChanged;
import dev.flashsale.access.entity.StorefrontKey;
import dev.flashsale.platform.Refreshed;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.security.Sha256;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import jakarta.persistence.Tuple;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The storefront keys this node accepts, kept in memory so that the reserve path never waits
 * on a lookup: the key configured in {@code flashsale.storefront.api-key} (if any) and every key
 * in {@code api_key} that is not revoked. The table is read again after a change made on this
 * node and at most {@code flashsale.storefront.key-refresh-ms} after one made on another node.
 * A key is compared by its SHA-256, and known with its name and its owner ({@link KeyOwner}: the
 * issued key's id, {@link KeyOwner#CONFIGURED} for the configured one).
 */
@ApplicationScoped
public class ApiKeyRegistry {

    public static final String CONFIGURED_KEY_NAME = "configured";

    private static final Logger LOG = Logger.getLogger(ApiKeyRegistry.class.getName());

    @Inject
    Statements sql;

    @Inject
    @ConfigProperty(name = "flashsale.storefront.api-key")
    Optional<String> configuredKey;

    @Inject
    @ConfigProperty(name = "flashsale.storefront.key-refresh-ms")
    long refreshMillis;

    private Refreshed<Map<String, StorefrontKey>> keysByHash;

    @PostConstruct
    void create() {
        keysByHash = new Refreshed<>(Map.of(), refreshMillis, this::read);
    }

    /** @return the key's name and owner, when it is one this node accepts */
    public Optional<StorefrontKey> of(String key) {
        if (key == null || key.isEmpty() || key.length() > 200) {
            return Optional.empty();
        }
        return Optional.ofNullable(keysByHash.get().get(Sha256.hex(key)));
    }

    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) ApiKeysChanged changed) {
        keysByHash.changed();
    }

    private Map<String, StorefrontKey> read() {
        Map<String, StorefrontKey> keys = new HashMap<>();
        configuredKey.filter(key -> !key.isBlank()).ifPresent(key -> keys.put(Sha256.hex(key.strip()),
                new StorefrontKey(CONFIGURED_KEY_NAME, KeyOwner.CONFIGURED)));
        try {
            List<Tuple> rows = sql.named("access/find_live_api_keys").rows();
            rows.forEach(row -> keys.put(Rows.text(row, "key_sha256"),
                    new StorefrontKey(Rows.text(row, "name"), new KeyOwner(Rows.uuid(row, "id")))));
        } catch (RuntimeException e) {
            // Keep the keys known so far: a database hiccup must not lock every storefront out.
            LOG.log(Level.WARNING, "Storefront keys not reloaded; the ones loaded before stay valid", e);
            keys.putAll(keysByHash.last());
        }
        return Map.copyOf(keys);
    }
}
