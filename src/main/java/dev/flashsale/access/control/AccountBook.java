package dev.flashsale.access.control;

import dev.flashsale.access.entity.Account;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.SqlStatements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/** The {@code app_user} table. */
@ApplicationScoped
public class AccountBook {

    /**
     * What login needs of a user: the stored hash and the role; and the version of these, raised by
     * every change to them and by a disable, which a console session is checked against.
     */
    public record Credentials(String username, String passwordHash, String role, long version) {
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    public Optional<Credentials> findEnabled(String username) {
        List<Tuple> rows = em.createNativeQuery(sql.get("access/find_account"), Tuple.class)
                .setParameter("username", username)
                .getResultList();
        return rows.stream().findFirst().map(AccountBook::credentials);
    }

    /** @return false when the name is taken */
    public boolean insert(String username, String passwordHash, String role) {
        return !em.createNativeQuery(sql.get("access/insert_account"))
                .setParameter("username", username)
                .setParameter("passwordHash", passwordHash)
                .setParameter("role", role)
                .getResultList().isEmpty();
    }

    /** @return false when the user is unknown, disabled already, or the last enabled administrator */
    public boolean disable(String username) {
        return changed("access/disable_account", username);
    }

    /** @return false when the user is unknown or enabled already */
    public boolean enable(String username) {
        return changed("access/enable_account", username);
    }

    /** @return the user's new credentials version; empty when the user is unknown */
    public OptionalLong setPassword(String username, String passwordHash) {
        List<?> versions = em.createNativeQuery(sql.get("access/set_password"))
                .setParameter("username", username)
                .setParameter("passwordHash", passwordHash)
                .getResultList();
        return versions.isEmpty() ? OptionalLong.empty() : OptionalLong.of(((Number) versions.get(0)).longValue());
    }

    /** @return false when the user is unknown, has the role already, or is the last enabled administrator */
    public boolean setRole(String username, String role) {
        return !em.createNativeQuery(sql.get("access/set_role"))
                .setParameter("username", username)
                .setParameter("role", role)
                .getResultList().isEmpty();
    }

    /** @return whether the user became the first administrator (none was enabled before) */
    public boolean promoteFirstAdministrator(String username) {
        return changed("access/promote_first_administrator", username);
    }

    /** The enabled users' credentials, by name. */
    public Map<String, Credentials> enabled() {
        List<Tuple> rows = em.createNativeQuery(sql.get("access/find_enabled_accounts"), Tuple.class).getResultList();
        return rows.stream().collect(Collectors.toUnmodifiableMap(row -> Rows.text(row, "username"), AccountBook::credentials));
    }

    public Optional<Account> find(String username) {
        return list().stream().filter(account -> account.username().equals(username)).findFirst();
    }

    public List<Account> list() {
        List<Tuple> rows = em.createNativeQuery(sql.get("access/find_accounts"), Tuple.class).getResultList();
        return rows.stream().map(row -> new Account(Rows.text(row, "username"), Rows.text(row, "role"),
                Boolean.TRUE.equals(row.get("enabled")), Rows.instant(row, "created_at"))).toList();
    }

    private static Credentials credentials(Tuple row) {
        return new Credentials(Rows.text(row, "username"), Rows.text(row, "password_hash"), Rows.text(row, "role"),
                Rows.number(row, "credentials_version"));
    }

    private boolean changed(String statement, String username) {
        return !em.createNativeQuery(sql.get(statement)).setParameter("username", username).getResultList().isEmpty();
    }
}
