package dev.flashsale.platform.database;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The schema migrations, run on the application's one data source ({@code jdbc/flashsale}) before
 * anything else starts. The server defines the data source and its pool: payara/data-source.asadmin,
 * run at start by the launch script, the tests' server and the local runner (address, credentials
 * and the pool's bounds from the environment: {@code FLASHSALE_DB_URL}, {@code FLASHSALE_DB_USER},
 * {@code FLASHSALE_DB_PASSWORD}, {@code FLASHSALE_DB_MAX_POOL_SIZE}, ...).
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class DatabaseMigration {

    public static final String DATA_SOURCE = "jdbc/flashsale";
    private static final Logger LOG = Logger.getLogger(DatabaseMigration.class.getName());

    @Resource(lookup = DATA_SOURCE)
    DataSource dataSource;

    private volatile String shippedVersion;

    @PostConstruct
    void migrate() {
        Flyway flyway = Flyway.configure(DatabaseMigration.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load();
        MigrateResult result = flyway.migrate();
        String version = String.valueOf(flyway.info().current().getVersion());
        shippedVersion = version;
        LOG.info(() -> "Database schema at version " + version + " (" + result.migrationsExecuted
                + " migrations applied now)");
    }

    /** The version of the newest migration this application ships; empty until the migrations ran. */
    public java.util.Optional<String> shippedVersion() {
        return java.util.Optional.ofNullable(shippedVersion);
    }
}
