package dev.flashsale.access.control;

import dev.flashsale.access.entity.AccountsChanged;
import dev.flashsale.platform.Refreshed;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The enabled users as this node knows them, for what does not read {@code app_user} on every
 * request: a password remembered as checked ({@link RecentCredentials}) and a console session
 * ({@code ConsoleSessions}). Read again after a change made on this node and at most
 * {@code flashsale.admin.account-refresh-ms} after one made on another, so that a user disabled,
 * a password reset or changed, or a role changed, stops counting on every node within that time.
 */
@ApplicationScoped
public class EnabledAccounts {

    @Inject
    AccountBook accounts;

    @Inject
    @ConfigProperty(name = "flashsale.admin.account-refresh-ms")
    long refreshMillis;

    private Refreshed<Map<String, AccountBook.Credentials>> byName;

    @PostConstruct
    void create() {
        byName = new Refreshed<>(Map.of(), refreshMillis, accounts::enabled);
    }

    /** The user's stored credentials; empty when it is unknown or disabled. */
    public Optional<AccountBook.Credentials> of(String username) {
        return Optional.ofNullable(byName.get().get(username));
    }

    /**
     * The enabled user's credentials: as this node knows them when it knows the user; when it does
     * not, as the table says, since a user added on another node is not known here until the next
     * read. Empty when the user is unknown or disabled.
     */
    public Optional<AccountBook.Credentials> current(String username) {
        return username == null ? Optional.empty() : of(username).or(() -> accounts.findEnabled(username));
    }

    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) AccountsChanged changed) {
        byName.changed();
    }
}
