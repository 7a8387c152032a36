package dev.flashsale.access.control;

import jakarta.security.auth.message.AuthException;
import jakarta.security.auth.message.MessageInfo;
import jakarta.security.auth.message.config.AuthConfigFactory;
import jakarta.security.auth.message.config.AuthConfigProvider;
import jakarta.security.auth.message.config.ClientAuthConfig;
import jakarta.security.auth.message.config.ServerAuthConfig;
import jakarta.security.auth.message.config.ServerAuthContext;
import java.util.Map;
import java.util.Optional;
import javax.security.auth.Subject;
import javax.security.auth.callback.CallbackHandler;

/**
 * The application's authentication provider for the container: Jakarta Security's own, with
 * the storefront API's paths left to the storefront pipeline ({@link StorefrontAuthContext}). Registered in place of Jakarta
 * Security's registration for this application, under the same layer and application context.
 */
public final class StorefrontAuthConfigProvider implements AuthConfigProvider {

    public static final String LAYER = "HttpServlet";

    private final AuthConfigProvider jakartaSecurity;
    private final Challenges challenges;
    private final AdminApiLogin admin;

    public StorefrontAuthConfigProvider(AuthConfigProvider jakartaSecurity, Challenges challenges, AdminApiLogin admin) {
        this.jakartaSecurity = jakartaSecurity;
        this.challenges = challenges;
        this.admin = admin;
    }

    /**
     * Puts this provider in front of the one registered for the application now (Jakarta
     * Security's), and returns the registration's id; empty when there is none to wrap.
     */
    public static Optional<String> install(String appContext, Challenges challenges, AdminApiLogin admin) {
        AuthConfigFactory factory = AuthConfigFactory.getFactory();
        AuthConfigProvider registered = factory == null ? null : factory.getConfigProvider(LAYER, appContext, null);
        if (registered == null || registered instanceof StorefrontAuthConfigProvider) {
            return Optional.empty();
        }
        return Optional.of(factory.registerConfigProvider(new StorefrontAuthConfigProvider(registered, challenges, admin),
                LAYER, appContext, "Jakarta Security, with the storefront API's paths left to its pipeline"));
    }

    @Override
    public ServerAuthConfig getServerAuthConfig(String layer, String appContext, CallbackHandler handler) throws AuthException {
        ServerAuthConfig others = jakartaSecurity.getServerAuthConfig(layer, appContext, handler);
        // Jakarta Security's context keeps no state of a request: one serves them all, instead of
        // a new one (and its module initialised again) per request.
        ServerAuthContext context = new StorefrontAuthContext(others.getAuthContext(appContext, null, Map.of()), challenges, admin);
        return new ServerAuthConfig() {
            @Override
            public ServerAuthContext getAuthContext(String authContextId, Subject service, Map<String, Object> properties) {
                return context;
            }

            @Override
            public String getMessageLayer() {
                return others.getMessageLayer();
            }

            @Override
            public String getAppContext() {
                return others.getAppContext();
            }

            @Override
            public String getAuthContextID(MessageInfo message) {
                return others.getAuthContextID(message);
            }

            @Override
            public void refresh() {
                others.refresh();
            }

            @Override
            public boolean isProtected() {
                return others.isProtected();
            }
        };
    }

    @Override
    public ClientAuthConfig getClientAuthConfig(String layer, String appContext, CallbackHandler handler) {
        return null;
    }

    @Override
    public void refresh() {
        jakartaSecurity.refresh();
    }
}
