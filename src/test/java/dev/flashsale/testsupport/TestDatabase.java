package dev.flashsale.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Gives the integration tests a database of their own, created empty before every run, so no
 * test depends on what an earlier run left. Run by the build before the integration tests:
 * {@code recreate <jdbc url of a maintenance database> <user> <database name>}. The database
 * belongs to {@link #APPLICATION_ROLE}, the login the tests' servers run the application as: no
 * superuser, as operators run it; the tests' own connections stay the given user's.
 */
public final class TestDatabase {

    /** The application's login: LOGIN, NOSUPERUSER, NOCREATEDB, NOCREATEROLE; made when missing. */
    public static final String APPLICATION_ROLE = "flashsale_app";
    public static final String APPLICATION_PASSWORD = "flashsale-it-application";

    private TestDatabase() {
    }

    public static void main(String[] args) throws SQLException {
        if (args.length != 4 || !"recreate".equals(args[0]) || !args[3].matches("[a-z_][a-z0-9_]*")) {
            throw new IllegalArgumentException("usage: recreate <maintenance jdbc url> <user> <database name>");
        }
        try (Connection connection = DriverManager.getConnection(args[1], args[2], System.getProperty("it.db.password", ""));
             Statement statement = connection.createStatement()) {
            statement.execute("DROP DATABASE IF EXISTS " + args[3] + " WITH (FORCE)");
            createForApplication(statement, args[3]);
        }
    }

    /** Creates {@code database} owned by the application's login, making the login first when missing. */
    public static void createForApplication(Statement statement, String database) throws SQLException {
        // Other builds on the machine may make it at the same moment: one wins, the others find it made.
        statement.execute("DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '" + APPLICATION_ROLE + "') THEN"
                + " CREATE ROLE " + APPLICATION_ROLE + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD '"
                + APPLICATION_PASSWORD + "'; END IF;"
                + " EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$");
        try (ResultSet role = statement.executeQuery("SELECT rolsuper OR rolcreatedb OR rolcreaterole FROM pg_roles"
                + " WHERE rolname = '" + APPLICATION_ROLE + "'")) {
            if (!role.next() || role.getBoolean(1)) {
                throw new IllegalStateException(APPLICATION_ROLE + " is missing, or may do more than a login should");
            }
        }
        statement.execute("CREATE DATABASE " + database + " OWNER " + APPLICATION_ROLE);
    }
}
