package dev.flashsale.platform.database;

import dev.flashsale.platform.health.Probes;
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

/**
 * One-row questions to PostgreSQL asked by probes and gauges, outside any transaction and bounded
 * by the probes' timeout: whoever asks (a load balancer, a metrics scraper) gets an answer in
 * time, empty when PostgreSQL failed or was too slow.
 */
@ApplicationScoped
public class QuickQueries {

    /** Reads the first row of an answer. */
    @FunctionalInterface
    public interface RowReader<T> {
        T read(ResultSet row) throws SQLException;
    }

    @Resource(lookup = DatabaseMigration.DATA_SOURCE)
    DataSource dataSource;

    @Inject
    SqlStatements sql;

    @Inject
    Probes probes;

    /** @return what {@code reader} read of the first row of {@code db/<statement>.sql}; empty when there was none */
    public <T> Optional<T> firstRow(String what, String statement, RowReader<T> reader) {
        return probes.ask(what, () -> query(what, statement, reader));
    }

    private <T> T query(String what, String statement, RowReader<T> reader) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement query = connection.prepareStatement(sql.get(statement))) {
            query.setQueryTimeout(2);
            try (ResultSet rows = query.executeQuery()) {
                return rows.next() ? reader.read(rows) : null;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL did not answer " + what + ": " + e.getSQLState(), e);
        }
    }
}
