package dev.flashsale.limits.control;

import dev.flashsale.limits.entity.Limit;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** The limits, from configuration ({@code flashsale.limits.*}); a rate of 0 turns one off. */
@ApplicationScoped
public class LimitSettings {

    private static final Logger LOG = Logger.getLogger(LimitSettings.class.getName());

    @Inject
    @ConfigProperty(name = "flashsale.limits.buyer.per-second")
    double buyerRate;

    @Inject
    @ConfigProperty(name = "flashsale.limits.buyer.burst")
    int buyerBurst;

    @Inject
    @ConfigProperty(name = "flashsale.limits.api-key.per-second")
    double apiKeyRate;

    @Inject
    @ConfigProperty(name = "flashsale.limits.api-key.burst")
    int apiKeyBurst;

    @Inject
    @ConfigProperty(name = "flashsale.limits.address.per-second")
    double addressRate;

    @Inject
    @ConfigProperty(name = "flashsale.limits.address.burst")
    int addressBurst;

    @Inject
    @ConfigProperty(name = "flashsale.limits.login-user.per-minute")
    double loginUserRate;

    @Inject
    @ConfigProperty(name = "flashsale.limits.login-user.burst")
    int loginUserBurst;

    @Inject
    @ConfigProperty(name = "flashsale.limits.login-address.per-minute")
    double loginAddressRate;

    @Inject
    @ConfigProperty(name = "flashsale.limits.login-address.burst")
    int loginAddressBurst;

    private Limit buyer;
    private Limit apiKey;
    private Limit address;
    private Limit loginUser;
    private Limit loginAddress;

    @PostConstruct
    void read() {
        buyer = Limit.perSecond("buyer", buyerRate, buyerBurst);
        apiKey = Limit.perSecond("api-key", apiKeyRate, apiKeyBurst);
        address = Limit.perSecond("address", addressRate, addressBurst);
        loginUser = Limit.perMinute("login-user", loginUserRate, loginUserBurst);
        loginAddress = Limit.perMinute("login-address", loginAddressRate, loginAddressBurst);
        LOG.info(() -> "Rate limits: " + buyer + ", " + apiKey + ", " + address + ", failed logins " + loginUser
                + ", " + loginAddress);
    }

    /** Reservations per buyer id. */
    public Limit buyer() {
        return buyer;
    }

    /** Storefront API requests per API key. */
    public Limit apiKey() {
        return apiKey;
    }

    /** Storefront API requests per client address. */
    public Limit address() {
        return address;
    }

    /** Failed logins per user name. */
    public Limit loginUser() {
        return loginUser;
    }

    /** Failed logins per client address. */
    public Limit loginAddress() {
        return loginAddress;
    }
}
