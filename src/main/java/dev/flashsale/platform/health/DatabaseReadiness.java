package dev.flashsale.platform.health;

import dev.flashsale.platform.database.DatabaseMigration;
import dev.flashsale.platform.database.QuickQueries;
import dev.flashsale.platform.redis.RedisClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
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
    RedisClient redis;

    @Inject
    Probes probes;

    private final EvictionWarning evictionWarning = new EvictionWarning();

    @Override
    public HealthCheckResponse call() {
        Optional<String> shipped = Started.shippedVersion(migration);
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
     * Redis answers (on a cluster: every master); its eviction policy, which must be
     * {@code noeviction}: a Redis that evicts drops counters, sold-out flags and hold markers
     * under memory pressure, and the gate then refuses or admits wrongly until reconciliation
     * rebuilds them. On a cluster the worst of the masters' policies: one that evicts, else
     * "unknown", else noeviction. "unknown" when CONFIG is not allowed (some hosted Redis rename it).
     */
    private String redisEvictionPolicy() {
        String policy = worst(redis.onEachMaster(jedis -> {
            jedis.ping();
            try {
                return jedis.configGet("maxmemory-policy").getOrDefault("maxmemory-policy", "unknown");
            } catch (JedisDataException configNotAllowed) {
                return "unknown";
            }
        }).values());
        evictionWarning.warnOnce(policy);
        return policy;
    }

    static String worst(Collection<String> policies) {
        return policies.stream().filter(policy -> !"noeviction".equals(policy) && !"unknown".equals(policy)).findFirst()
                .or(() -> policies.stream().filter("unknown"::equals).findFirst())
                .orElse("noeviction");
    }
}
