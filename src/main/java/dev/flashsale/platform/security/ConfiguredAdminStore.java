package dev.flashsale.platform.security;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStore;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The merchandiser account from configuration ({@code FLASHSALE_ADMIN_USER},
 * {@code FLASHSALE_ADMIN_PASSWORD}). Without a configured password nobody gets in.
 */
@ApplicationScoped
public class ConfiguredAdminStore implements IdentityStore {

    public static final String MERCHANDISER = "merchandiser";

    private static final Logger LOG = Logger.getLogger(ConfiguredAdminStore.class.getName());

    @Inject
    @ConfigProperty(name = "flashsale.admin.user", defaultValue = "admin")
    String user;

    @Inject
    @ConfigProperty(name = "flashsale.admin.password")
    Optional<String> password;

    @Override
    public CredentialValidationResult validate(Credential credential) {
        if (!(credential instanceof UsernamePasswordCredential given)) {
            return CredentialValidationResult.NOT_VALIDATED_RESULT;
        }
        if (password.isEmpty() || password.get().isBlank()) {
            LOG.warning("Admin login refused: flashsale.admin.password is not configured");
            return CredentialValidationResult.INVALID_RESULT;
        }
        boolean userMatches = constantTimeEquals(user, given.getCaller());
        boolean passwordMatches = constantTimeEquals(password.get(), given.getPasswordAsString());
        return userMatches && passwordMatches
                ? new CredentialValidationResult(given.getCaller(), Set.of(MERCHANDISER))
                : CredentialValidationResult.INVALID_RESULT;
    }

    private static boolean constantTimeEquals(String expected, String given) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                given == null ? new byte[0] : given.getBytes(StandardCharsets.UTF_8));
    }
}
