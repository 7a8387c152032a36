package dev.flashsale.platform.health;

import dev.flashsale.platform.database.DatabaseMigration;
import dev.flashsale.platform.redis.RedisPool;
import dev.flashsale.platform.sql.SqlStatements;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import javax.sql.DataSource;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import redis.clients.jedis.Jedis;

/**
 * Ready = PostgreSQL answers and has every migration this application ships. Redis is reported
 * in the data only: without it the application sells on PostgreSQL alone, so it stays ready.
 * Nothing sensitive is told (no address, no user, no error text), and every question is bounded.
 */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    @Resource(lookup = DatabaseMigration.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    DatabaseMigration migration;

    @Inject
    SqlStatements sql;

    @Inject
    RedisPool redis;

    @Inject
    Probes probes;

    @Override
    public HealthCheckResponse call() {
        Optional<String> shipped = migration.shippedVersion();
        Optional<String> applied = probes.ask("PostgreSQL", this::appliedVersion);
        boolean redisUp = probes.ask("Redis", this::redisAnswers).orElse(false);
        HealthCheckResponseBuilder answer = HealthCheckResponse.named("database")
                .status(applied.isPresent() && applied.equals(shipped))
                .withData("postgresql", applied.isPresent() ? "up" : "down")
                .withData("schemaVersion", applied.orElse("unknown"))
                .withData("expectedSchemaVersion", shipped.orElse("unknown"))
                .withData("redis", redisUp ? "up" : "down");
        return answer.build();
    }

    private String appliedVersion() {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(sql.get("health/find_schema_version"))) {
            query.setQueryTimeout(2);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? rows.getString(1) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL did not answer the readiness query: " + e.getSQLState(), e);
        }
    }

    private boolean redisAnswers() {
        try (Jedis jedis = redis.borrow()) {
            return "PONG".equals(jedis.ping());
        }
    }
}
