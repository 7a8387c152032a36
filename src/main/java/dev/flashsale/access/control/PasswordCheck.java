package dev.flashsale.access.control;

import dev.flashsale.access.entity.CheckedLogin;
import dev.flashsale.limits.boundary.LoginLimits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A user's password checked for the admin API (Basic) and the console (form), cheapest first:
 * a pair checked recently is answered from memory; a user or an address with too many failed
 * logins lately is refused before any hash is computed; only then does PBKDF2 run, and a
 * failure counts against both.
 */
@ApplicationScoped
public class PasswordCheck {

    @Inject
    IdentityStoreHandler identityStores;

    @Inject
    RecentCredentials recent;

    @Inject
    LoginLimits limits;

    /**
     * The wait when {@link #check} would answer this login throttled, without hashing: empty for a
     * pair answered from memory, or a user and address the failed-login limits let through.
     */
    public OptionalLong throttled(UsernamePasswordCredential credential, String address) {
        if (recent.recall(credential.getCaller(), credential.getPasswordAsString()).isPresent()) {
            return OptionalLong.empty();
        }
        return limits.refusal(credential.getCaller(), address);
    }

    public CheckedLogin check(UsernamePasswordCredential credential, String address) {
        String user = credential.getCaller();
        String password = credential.getPasswordAsString();
        Optional<CredentialValidationResult> known = recent.recall(user, password);
        if (known.isPresent()) {
            return CheckedLogin.of(known.get());
        }
        OptionalLong wait = limits.refusal(user, address);
        if (wait.isPresent()) {
            return CheckedLogin.throttled(wait.getAsLong());
        }
        CredentialValidationResult result = identityStores.validate(credential);
        recent.remember(user, password, result);
        if (result.getStatus() != CredentialValidationResult.Status.VALID) {
            limits.failed(user, address);
        }
        return CheckedLogin.of(result);
    }
}
