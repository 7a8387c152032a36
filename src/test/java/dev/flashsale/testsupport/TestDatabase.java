package dev.flashsale.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Gives the integration tests a database of their own, created empty before every run, so no
 * test depends on what an earlier run left. Run by the build before the integration tests:
 * {@code recreate <jdbc url of a maintenance database> <user> <database name>}.
 */
public final class TestDatabase {

    private TestDatabase() {
    }

    public static void main(String[] args) throws SQLException {
        if (args.length != 4 || !"recreate".equals(args[0]) || !args[3].matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("usage: recreate <maintenance jdbc url> <user> <database name>");
        }
        try (Connection connection = DriverManager.getConnection(args[1], args[2], System.getProperty("it.db.password", ""));
             Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + args[3] + " WITH (FORCE)");
            statement.execute("CREATE DATABASE " + args[3]);
        }
    }
}
