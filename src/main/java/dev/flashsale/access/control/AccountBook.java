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
import java.util.stream.Collectors;

/** The {@code app_user} table. */
@ApplicationScoped
public class AccountBook {

    /** What login needs of a user: the stored hash and the role. */
    public record Credentials(String username, String passwordHash, String role) {
    }

    @PersistenceContext
    EntityManager em;

    @Inject
    SqlStatements sql;

    public Optional<Credentials> findEnabled(String username) {
        List<Tuple> rows = em.createNativeQuery(sql.get("access/find_account"), Tuple.class)
                .setParameter("username", username)
                .getResultList();
        return rows.stream().findFirst().map(row -> new Credentials(Rows.text(row, "username"),
                Rows.text(row, "password_hash"), Rows.text(row, "role")));
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

    /** @return false when the user is unknown */
    public boolean setPassword(String username, String passwordHash) {
        return !em.createNativeQuery(sql.get("access/set_password"))
                .setParameter("username", username)
                .setParameter("passwordHash", passwordHash)
                .getResultList().isEmpty();
    }

    /** @return whether the user became the first administrator (none was enabled before) */
    public boolean promoteFirstAdministrator(String username) {
        return changed("access/promote_first_administrator", username);
    }

    /** The enabled users' credentials, by name. */
    public Map<String, Credentials> enabled() {
        List<Tuple> rows = em.createNativeQuery(sql.get("access/find_enabled_accounts"), Tuple.class).getResultList();
        return rows.stream().collect(Collectors.toUnmodifiableMap(row -> Rows.text(row, "username"),
                row -> new Credentials(Rows.text(row, "username"), Rows.text(row, "password_hash"), Rows.text(row, "role"))));
    }

    public Optional<Account> find(String username) {
        return list().stream().filter(account -> account.username().equals(username)).findFirst();
    }

    public List<Account> list() {
        List<Tuple> rows = em.createNativeQuery(sql.get("access/find_accounts"), Tuple.class).getResultList();
        return rows.stream().map(row -> new Account(Rows.text(row, "username"), Rows.text(row, "role"),
                Boolean.TRUE.equals(row.get("enabled")), Rows.instant(row, "created_at"))).toList();
    }

    private boolean changed(String statement, String username) {
        return !em.createNativeQuery(sql.get(statement)).setParameter("username", username).getResultList().isEmpty();
    }
}
