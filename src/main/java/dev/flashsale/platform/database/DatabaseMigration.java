package dev.flashsale.platform.database;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.annotation.sql.DataSourceDefinition;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * The one data source of the application, and the schema migrations that run on it before
 * anything else starts. Its address and credentials come from MicroProfile Config
 * ({@code FLASHSALE_DB_URL}, {@code FLASHSALE_DB_USER}, {@code FLASHSALE_DB_PASSWORD}).
 */
@DataSourceDefinition(
        name = DatabaseMigration.DATA_SOURCE,
        className = "org.postgresql.ds.PGSimpleDataSource",
        url = "${MPCONFIG=flashsale.db.url}",
        user = "${MPCONFIG=flashsale.db.user}",
        password = "${MPCONFIG=flashsale.db.password}",
        minPoolSize = 8,
        maxPoolSize = DatabaseMigration.MAX_POOL_SIZE,
        maxIdleTime = 300,
        properties = {
                "fish.payara.is-connection-validation-required=true",
                "fish.payara.connection-validation-method=meta-data",
                "fish.payara.validate-atmost-once-period-in-seconds=10",
                "fish.payara.max-wait-time-in-millis=10000",
                // One connection found broken (PostgreSQL restarted) closes them all: the others
                // went with it, and handing them out one by one kept a SKU unsellable for a minute.
                "fish.payara.fail-all-connections=true",
                // A database that stops answering mid-statement fails the call instead of holding
                // its thread for good.
                "socketTimeout=${MPCONFIG=flashsale.db.socket-timeout-seconds}",
                // Every statement is planned with its parameters and the tables as they are now,
                // never from a plan cached on the connection: a plan made while a table was small
                // (a sale's first seconds) stays a sequential scan after the table has grown,
                // until the next ANALYZE. Measured: looking up a group's keys went from under
                // 1 ms to 20-50 ms, and reservations of one SKU from ~1,000/s to ~200/s.
                "prepareThreshold=0",
                // How PostgreSQL (pg_stat_activity) and the pool's gauges tell this node's connections apart.
                "ApplicationName=${MPCONFIG=flashsale.db.application-name}"
        })
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class DatabaseMigration {

    public static final String DATA_SOURCE = "java:app/jdbc/flashsale";
    /** The most connections one node opens; several nodes together must stay under PostgreSQL's max_connections. */
    public static final int MAX_POOL_SIZE = 48;

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
