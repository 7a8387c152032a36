package dev.flashsale.access.control;

import dev.flashsale.platform.security.Roles;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.util.Optional;

/**
 * The identity store of the console and the admin API: users in PostgreSQL, their groups
 * those of their role ({@link Roles#groupsOf}). A user that does not exist costs a hash too, so
 * that timing does not tell which names exist.
 */
@ApplicationScoped
public class AccountStore implements IdentityStore {

    @Inject
    AccountBook accounts;

    @Inject
    Passwords passwords;

    private volatile String decoyHash;

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (!(credential instanceof UsernamePasswordCredential given)) {
            return CredentialValidationResult.NOT_VALIDATED_RESULT;
        }
        String username = given.getCaller();
        String password = given.getPasswordAsString();
        if (username == null || password == null || username.isEmpty() || username.length() > 64) {
            return CredentialValidationResult.INVALID_RESULT;
        }
        Optional<AccountBook.Credentials> stored = accounts.findEnabled(username);
        boolean matches = passwords.matches(password, stored.map(AccountBook.Credentials::passwordHash).orElseGet(this::decoy));
        return stored.isPresent() && matches
                ? new CredentialValidationResult(stored.get().username(), Roles.groupsOf(stored.get().role()))
                : CredentialValidationResult.INVALID_RESULT;
    }

    private String decoy() {
        String hash = decoyHash;
        if (hash == null) {
            hash = passwords.hash("no such user");
            decoyHash = hash;
        }
        return hash;
    }
}
