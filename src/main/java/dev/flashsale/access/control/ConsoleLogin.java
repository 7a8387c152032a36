package dev.flashsale.access.control;

import dev.flashsale.access.entity.CheckedLogin;
import dev.flashsale.platform.web.ClientAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.authentication.mechanism.http.LoginToContinue;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.security.Principal;
import java.util.Optional;
import java.util.Set;

/**
 * Form login for the console pages. A visitor without a session who asks for a protected page
 * is sent to the login page and, once logged in, back to the page asked for; the login lives in
 * the HTTP session, with the user's credentials version ({@link SessionCredentials}). The password
 * is checked as for the admin API ({@link PasswordCheck}). Typed to itself, so that it is not a
 * second mechanism of the application but the one {@link Authentication} hands page requests to.
 *
 * <p>A session's later requests are let in with the caller and the groups kept in the session at
 * login, named to the container each time. Jakarta Security's own {@code @AutoApplySession} names
 * the caller alone and leaves the groups to the container, which looks them up through one slot
 * shared by every request of the server: a request that came at the wrong moment got in without
 * its groups and was refused 403 (a few pages in a hundred with a dozen users at once).
 */
@ApplicationScoped
@Typed(ConsoleLogin.class)
@LoginToContinue(loginPage = ConsoleLogin.LOGIN_PAGE, errorPage = "", useForwardToLogin = false)
public class ConsoleLogin implements HttpAuthenticationMechanism {

    public static final String LOGIN_PAGE = "/login.xhtml";

    @Inject
    IdentityStoreHandler identityStores;

    @Inject
    PasswordCheck passwords;

    @Inject
    ClientAddress addresses;

    @Inject
    EnabledAccounts enabled;

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        if (!context.isAuthenticationRequest()) {
            return context.doNothing();
        }
        Credential credential = context.getAuthParameters().getCredential();
        if (credential == null) {
            return context.doNothing();
        }
        if (!(credential instanceof UsernamePasswordCredential password)) {
            return context.notifyContainerAboutLogin(identityStores.validate(credential));
        }
        // Read before the check, so that the version is never newer than the credentials checked: a
        // change in between ends the session at its next request rather than letting it outlive it.
        long version = enabled.current(password.getCaller()).map(AccountBook.Credentials::version).orElse(0L);
        CheckedLogin login = passwords.check(password, addresses.of(request));
        if (login.throttled()) {
            request.setAttribute(CheckedLogin.RETRY_AFTER_ATTRIBUTE, login.retryAfterSeconds());
        }
        if (login.valid()) {
            SessionCredentials.remember(request, version);
            SessionCredentials.rememberGroups(request, login.result().getCallerGroups());
        }
        return context.notifyContainerAboutLogin(login.result());
    }

    /**
     * Asks the container to keep the caller of a login in the session, as {@code @AutoApplySession}
     * did: once this mechanism let a caller in, which happens on the request after the login form's
     * when the login was asked for by a protected page (the mechanism's login-to-continue step sends
     * the browser back to that page and lets the caller in there). Under the key of the servlet
     * profile of Jakarta Authentication, and its older name, which Jakarta Security's own
     * {@code setRegisterSession} writes.
     */
    @SuppressWarnings("unchecked")
    public static void keepInSession(HttpMessageContext context) {
        context.getMessageInfo().getMap().put("jakarta.servlet.http.registerSession", Boolean.TRUE.toString());
        context.getMessageInfo().getMap().put("javax.servlet.http.registerSession", Boolean.TRUE.toString());
    }

    /**
     * A logged-in session's request: its caller (the container keeps it in the session) with the
     * groups of its login; empty when the request is not one of a logged-in session. Asked before
     * this mechanism, whose login-to-continue step sends a request for a protected page to the login
     * page before the mechanism itself is asked.
     */
    public Optional<AuthenticationStatus> continued(HttpServletRequest request, HttpMessageContext context) {
        Principal caller = request.getUserPrincipal();
        Optional<Set<String>> groups = SessionCredentials.groups(request.getSession(false));
        if (caller == null || groups.isEmpty() || context.isAuthenticationRequest()) {
            return Optional.empty();
        }
        return Optional.of(context.notifyContainerAboutLogin(caller, groups.get()));
    }
}
