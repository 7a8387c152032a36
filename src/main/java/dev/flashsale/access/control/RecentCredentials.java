package dev.flashsale.access.control;

import dev.flashsale.access.entity.AccountsChanged;
import dev.flashsale.platform.security.Sha256;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * HTTP Basic calls carry the password every time, and PBKDF2 is slow on purpose (about 0.1 s).
 * A user and password checked recently are remembered, by the SHA-256 of the pair (the password
 * itself is never kept): one that passed for a minute, one that failed for
 * {@code flashsale.limits.failed-credential-seconds}, so that a client repeating a wrong password
 * gets its 401 without a hash computed again. Any change to the users on this node forgets
 * everything; a pair that passed counts only while its user is enabled with the credentials it had
 * then ({@link EnabledAccounts}: password, role and credentials version), so that disabling a user,
 * changing its role or resetting its password on another node ends it too, within that node's refresh.
 */
@ApplicationScoped
public class RecentCredentials {

    static final long VERIFIED_NANOS = 60_000_000_000L;
    static final int MAX_ENTRIES = 10_000;

    @Inject
    @ConfigProperty(name = "flashsale.limits.failed-credential-seconds")
    long failedSeconds;

    @Inject
    EnabledAccounts enabled;

    /** A check's result; {@code caller} null = the check failed; {@code stored}: its user's credentials then. */
    private record Checked(String caller, Set<String> groups, long until, Optional<AccountBook.Credentials> stored) {
    }

    private final Map<String, Checked> checked = new ConcurrentHashMap<>();

    public Optional<CredentialValidationResult> recall(String username, String password) {
        Checked entry = checked.get(fingerprint(username, password));
        if (entry == null || entry.until() - System.nanoTime() < 0
                || entry.caller() != null && (entry.stored().isEmpty() || !entry.stored().equals(enabled.of(entry.caller())))) {
            return Optional.empty();
        }
        return Optional.of(entry.caller() == null ? CredentialValidationResult.INVALID_RESULT
                : new CredentialValidationResult(entry.caller(), entry.groups()));
    }

    public void remember(String username, String password, CredentialValidationResult result) {
        if (checked.size() >= MAX_ENTRIES) {
            checked.clear();
        }
        boolean valid = result.getStatus() == CredentialValidationResult.Status.VALID;
        Checked entry = valid
                ? new Checked(result.getCallerPrincipal().getName(), Set.copyOf(result.getCallerGroups()),
                        System.nanoTime() + VERIFIED_NANOS, enabled.of(result.getCallerPrincipal().getName()))
                : new Checked(null, Set.of(), System.nanoTime() + failedSeconds * 1_000_000_000L, Optional.empty());
        checked.put(fingerprint(username, password), entry);
    }

    void forget(@Observes AccountsChanged changed) {
        checked.clear();
    }

    private static String fingerprint(String username, String password) {
        return Sha256.hex(username + '\0' + password);
    }
}
