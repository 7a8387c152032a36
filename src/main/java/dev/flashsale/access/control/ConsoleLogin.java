package dev.flashsale.access.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Typed;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.AutoApplySession;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.authentication.mechanism.http.LoginToContinue;
import jakarta.security.enterprise.credential.Credential;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Form login for the console pages. A visitor without a session who asks for a protected page
 * is sent to the login page and, once logged in, back to the page asked for; the login lives in
 * the HTTP session. Typed to itself, so that it is not a second mechanism of the application
 * but the one {@link Authentication} hands page requests to.
 */
@ApplicationScoped
@Typed(ConsoleLogin.class)
@AutoApplySession
@LoginToContinue(loginPage = ConsoleLogin.LOGIN_PAGE, errorPage = "", useForwardToLogin = false)
public class ConsoleLogin implements HttpAuthenticationMechanism {

    public static final String LOGIN_PAGE = "/login.xhtml";

    @Inject
    IdentityStoreHandler identityStores;

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
        return context.notifyContainerAboutLogin(identityStores.validate(credential));
    }
}
