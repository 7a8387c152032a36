package dev.flashsale.platform.health;

import dev.flashsale.platform.database.DatabaseMigration;
import dev.flashsale.platform.database.QuickQueries;
import dev.flashsale.platform.redis.RedisPool;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Ready = PostgreSQL answers and has every migration this application ships. Redis is reported
 * in the data only, with its eviction policy: without it the application sells on PostgreSQL
 * alone, so it stays ready.
 * Nothing sensitive is told (no address, no user, no error text), and every question is bounded.
 */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    @Inject
    DatabaseMigration migration;

    @Inject
    QuickQueries queries;

    @Inject
    RedisPool redis;

    @Inject
    Probes probes;

    private final EvictionWarning evictionWarning = new EvictionWarning();

    @Override
    public HealthCheckResponse call() {
        Optional<String> shipped = migration.shippedVersion();
        Optional<String> applied = queries.firstRow("the readiness query", "health/find_schema_version", row -> row.getString(1));
        Optional<String> eviction = probes.ask("Redis", this::redisEvictionPolicy);
        HealthCheckResponseBuilder answer = HealthCheckResponse.named("database")
                .status(applied.isPresent() && applied.equals(shipped))
                .withData("postgresql", applied.isPresent() ? "up" : "down")
                .withData("schemaVersion", applied.orElse("unknown"))
                .withData("expectedSchemaVersion", shipped.orElse("unknown"))
                .withData("redis", eviction.isPresent() ? "up" : "down");
        eviction.ifPresent(policy -> answer.withData("redisEvictionPolicy", policy));
        return answer.build();
    }

    /**
     * Redis answers; its eviction policy, which must be {@code noeviction}: a Redis that evicts
     * drops counters, sold-out flags and hold markers under memory pressure, and the gate then
     * refuses or admits wrongly until reconciliation rebuilds them. "unknown" when CONFIG is
     * not allowed (some hosted Redis rename it).
     */
    private String redisEvictionPolicy() {
        try (Jedis jedis = redis.borrow()) {
            jedis.ping();
            String policy;
            try {
                policy = jedis.configGet("maxmemory-policy").getOrDefault("maxmemory-policy", "unknown");
            } catch (JedisDataException configNotAllowed) {
                policy = "unknown";
            }
            evictionWarning.warnOnce(policy);
            return policy;
        }
    }
}
