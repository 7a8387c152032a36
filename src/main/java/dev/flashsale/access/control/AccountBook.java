package dev.flashsale.access.control;

import dev.flashsale.access.entity.Account;
import dev.flashsale.platform.sql.Rows;
import dev.flashsale.platform.sql.Statements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
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

    @Inject
    Statements sql;

    public Optional<Credentials> findEnabled(String username) {
        return sql.named("access/find_account").with("username", username).firstRow().map(AccountBook::credentials);
    }

    /** @return false when the name is taken */
    public boolean insert(String username, String passwordHash, String role) {
        return !sql.named("access/insert_account")
                .with("username", username)
                .with("passwordHash", passwordHash)
                .with("role", role)
                .values().isEmpty();
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
        List<?> versions = sql.named("access/set_password")
                .with("username", username)
                .with("passwordHash", passwordHash)
                .values();
        return versions.isEmpty() ? OptionalLong.empty() : OptionalLong.of(((Number) versions.get(0)).longValue());
    }

    /** @return false when the user is unknown, has the role already, or is the last enabled administrator */
    public boolean setRole(String username, String role) {
        return !sql.named("access/set_role").with("username", username).with("role", role).values().isEmpty();
    }

    /** @return whether the user became the first administrator (none was enabled before) */
    public boolean promoteFirstAdministrator(String username) {
        return changed("access/promote_first_administrator", username);
    }

    /** The enabled users' credentials, by name. */
    public Map<String, Credentials> enabled() {
        List<Tuple> rows = sql.named("access/find_enabled_accounts").rows();
        return rows.stream().collect(Collectors.toUnmodifiableMap(row -> Rows.text(row, "username"), AccountBook::credentials));
    }

    public Optional<Account> find(String username) {
        return list().stream().filter(account -> account.username().equals(username)).findFirst();
    }

    public List<Account> list() {
        List<Tuple> rows = sql.named("access/find_accounts").rows();
        return rows.stream().map(row -> new Account(Rows.text(row, "username"), Rows.text(row, "role"),
                Boolean.TRUE.equals(row.get("enabled")), Rows.instant(row, "created_at"))).toList();
    }

    private static Credentials credentials(Tuple row) {
        return new Credentials(Rows.text(row, "username"), Rows.text(row, "password_hash"), Rows.text(row, "role"),
                Rows.number(row, "credentials_version"));
    }

    private boolean changed(String statement, String username) {
        return !sql.named(statement).with("username", username).values().isEmpty();
    }
}
