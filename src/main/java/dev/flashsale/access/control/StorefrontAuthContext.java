package dev.flashsale.access.control;

import dev.flashsale.platform.security.Roles;
import jakarta.security.auth.message.AuthException;
import jakarta.security.auth.message.AuthStatus;
import jakarta.security.auth.message.MessageInfo;
import jakarta.security.auth.message.callback.CallerPrincipalCallback;
import jakarta.security.auth.message.callback.GroupPrincipalCallback;
import jakarta.security.auth.message.config.ServerAuthContext;
import jakarta.security.enterprise.CallerPrincipal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.UnsupportedCallbackException;

/**
 * The container's authentication step for the storefront API's paths, done here in a map lookup
 * of the API key ({@link StorefrontLogin#caller}), and for every other path handed to Jakarta
 * Security's own context (the console's form login, the admin API's Basic). Jakarta Security's
 * bridge looks its mechanism up through JNDI and the bean manager twice per request, which cost
 * a storefront refusal about a sixth of its time; the storefront needs none of what it offers
 * (sessions, login pages, interceptors). The caller and its group reach the container through
 * the same callbacks the bridge uses, so the principal and roles are what they were.
 */
public final class StorefrontAuthContext implements ServerAuthContext {

    /** The container's mark of a request to a protected resource (Jakarta Authentication, servlet profile). */
    static final String MANDATORY = "jakarta.security.auth.message.MessagePolicy.isMandatory";
    private static final String HANDLED = StorefrontAuthContext.class.getName() + ".handled";
    private static final String[] GROUPS = {Roles.STOREFRONT};

    private final ServerAuthContext others;
    private final CallbackHandler container;
    private final StorefrontLogin storefront;

    public StorefrontAuthContext(ServerAuthContext others, CallbackHandler container, StorefrontLogin storefront) {
        this.others = others;
        this.container = container;
        this.storefront = storefront;
    }

    @Override
    public AuthStatus validateRequest(MessageInfo message, Subject client, Subject service) throws AuthException {
        if (!(message.getRequestMessage() instanceof HttpServletRequest request)
                || !Authentication.isStorefront(Authentication.path(request))) {
            return others.validateRequest(message, client, service);
        }
        message.getMap().put(HANDLED, Boolean.TRUE);
        if (!Boolean.parseBoolean(String.valueOf(message.getMap().get(MANDATORY)))) {
            // An open path (ping): no caller, as Jakarta Security's doNothing() tells the container.
            notify(new CallerPrincipalCallback(client, (String) null));
            return AuthStatus.SUCCESS;
        }
        Optional<String> caller = storefront.caller(request, (HttpServletResponse) message.getResponseMessage());
        if (caller.isEmpty()) {
            return AuthStatus.SEND_FAILURE;
        }
        notify(new CallerPrincipalCallback(client, new CallerPrincipal(caller.get())), new GroupPrincipalCallback(client, GROUPS));
        return AuthStatus.SUCCESS;
    }

    @Override
    public AuthStatus secureResponse(MessageInfo message, Subject service) throws AuthException {
        if (message.getMap().containsKey(HANDLED)) {
            return AuthStatus.SEND_SUCCESS;
        }
        return others.secureResponse(message, service);
    }

    @Override
    public void cleanSubject(MessageInfo message, Subject subject) throws AuthException {
        others.cleanSubject(message, subject);
    }

    private void notify(Callback... callbacks) throws AuthException {
        try {
            container.handle(callbacks);
        } catch (IOException | UnsupportedCallbackException refused) {
            throw (AuthException) new AuthException("The container refused the storefront caller").initCause(refused);
        }
    }
}
