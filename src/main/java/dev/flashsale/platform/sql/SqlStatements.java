package dev.flashsale.platform.sql;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.util.Map;
import java.util.logging.Logger;

/**
 * The application's SQL, one statement per file under {@code db/} on the classpath (the
 * migrations in {@code db/migration} belong to Flyway and are not loaded here). Every file is
 * read once during deployment, so a missing statement stops the deployment instead of failing
 * the first buyer.
 */
@ApplicationScoped
public class SqlStatements {

    private static final Logger LOG = Logger.getLogger(SqlStatements.class.getName());

    private Map<String, String> byName;

    @PostConstruct
    void loadAll() {
        byName = ClasspathText.readTree("db", ".sql", "migration/");
        LOG.info(() -> "Loaded " + byName.size() + " SQL statements from db/");
    }

    void loadDuringDeployment(@Observes @Initialized(ApplicationScoped.class) Object started) {
        byName.size();
    }

    /** The text of {@code db/<name>.sql}, for example {@code get("stock/take_units")}. */
    public String get(String name) {
        String sql = byName.get(name);
        if (sql == null) {
            throw new IllegalArgumentException("No SQL statement db/" + name + ".sql was loaded");
        }
        return sql;
    }
}
