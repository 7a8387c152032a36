package dev.flashsale.access.control;

import dev.flashsale.access.entity.CheckedLogin;
import dev.flashsale.platform.web.ClientAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.AutoApplySession;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.authentication.mechanism.http.LoginToContinue;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Form login for the console pages. A visitor without a session who asks for a protected page
 * is sent to the login page and, once logged in, back to the page asked for; the login lives in
 * the HTTP session, with the user's credentials version ({@link SessionCredentials}). The password
 * is checked as for the admin API ({@link PasswordCheck}). Typed to itself, so that it is not a
 * second mechanism of the application but the one {@link Authentication} hands page requests to.
 */
@ApplicationScoped
@Typed(ConsoleLogin.class)
@AutoApplySession
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
        }
        return context.notifyContainerAboutLogin(login.result());
    }
}
