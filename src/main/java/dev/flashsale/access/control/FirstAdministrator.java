package dev.flashsale.access.control;

import dev.flashsale.platform.security.Roles;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first administrator comes from configuration ({@code FLASHSALE_ADMIN_USER},
 * {@code FLASHSALE_ADMIN_PASSWORD}): created at start-up when no user of that name exists.
 * An existing user keeps its password, so a password changed later is not reset by a restart; it
 * becomes administrator when no enabled administrator exists (a database from before the role,
 * whose first user was a merchandiser).
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
public class FirstAdministrator {

    private static final Logger LOG = Logger.getLogger(FirstAdministrator.class.getName());

    @Inject
    AccountBook accounts;

    @Inject
    Passwords passwords;

    @Inject
    @ConfigProperty(name = "flashsale.admin.user")
    String user;

    @Inject
    @ConfigProperty(name = "flashsale.admin.password")
    Optional<String> password;

    @PostConstruct
    void ensure() {
        if (accounts.promoteFirstAdministrator(user)) {
            LOG.info(() -> "User " + user + " made administrator: the configured first user, and no administrator existed");
        }
        if (password.isEmpty() || password.get().isBlank()) {
            LOG.info("flashsale.admin.password is not set: no first administrator is created");
            return;
        }
        if (accounts.find(user).isPresent()) {
            return;
        }
        if (accounts.insert(user, passwords.hash(password.get()), Roles.ADMINISTRATOR)) {
            LOG.info(() -> "First administrator " + user + " created from configuration");
        }
    }
}
