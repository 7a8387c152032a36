package dev.flashsale.access.control;

import dev.flashsale.access.entity.AccountsChanged;
import dev.flashsale.platform.security.Sha256;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * HTTP Basic calls carry the password every time, and PBKDF2 is slow on purpose (about 0.1 s).
 * A user and password that passed recently are remembered for a minute, by the SHA-256 of the
 * pair (the password itself is never kept). Any change to the users forgets everything.
 */
@ApplicationScoped
public class VerifiedCredentials {

    static final long TTL_NANOS = 60_000_000_000L;
    static final int MAX_ENTRIES = 1_000;

    private record Verified(String caller, Set<String> groups, long until) {
    }

    private final Map<String, Verified> verified = new ConcurrentHashMap<>();

    public Optional<CredentialValidationResult> recall(String username, String password) {
        Verified entry = verified.get(fingerprint(username, password));
        if (entry == null || entry.until() - System.nanoTime() < 0) {
            return Optional.empty();
        }
        return Optional.of(new CredentialValidationResult(entry.caller(), entry.groups()));
    }

    public void remember(String username, String password, CredentialValidationResult result) {
        if (verified.size() >= MAX_ENTRIES) {
            verified.clear();
        }
        verified.put(fingerprint(username, password), new Verified(result.getCallerPrincipal().getName(),
                Set.copyOf(result.getCallerGroups()), System.nanoTime() + TTL_NANOS));
    }

    void forget(@Observes AccountsChanged changed) {
        verified.clear();
    }

    private static String fingerprint(String username, String password) {
        return Sha256.hex(username + '\0' + password);
    }
}
