package dev.flashsale.access.control;

import dev.flashsale.access.entity.CheckedLogin;
import dev.flashsale.platform.web.ClientAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.OptionalLong;

/**
 * HTTP Basic for the admin API, stateless: every call carries its credentials and no session is
 * created. Only users (merchandiser, viewer) get in; a storefront key is not a credential here.
 */
@ApplicationScoped
public class AdminApiLogin {

    static final String CHALLENGE = "Basic realm=\"flashsale-admin\", charset=\"UTF-8\"";

    @Inject
    PasswordCheck passwords;

    @Inject
    ClientAddress addresses;

    @Inject
    Challenges challenges;

    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        if (!context.isProtected()) {
            return context.doNothing();
        }
        UsernamePasswordCredential credential = basicCredential(request.getHeader("Authorization"));
        if (credential != null) {
            CheckedLogin login = passwords.check(credential, addresses.of(request));
            if (login.valid()) {
                return context.notifyContainerAboutLogin(login.result());
            }
            if (login.throttled()) {
                return challenges.refuse(request, response, login.refusal());
            }
        }
        return challenges.unauthorized(request, response, CHALLENGE, credential == null
                ? "The admin API and the metrics need HTTP Basic credentials of a console user"
                : "Wrong user or password");
    }

    /**
     * Refuses a Basic login that the failed-login limits refuse already, as {@link #validateRequest}
     * answers it (429), before Jakarta Security is asked: a guesser's every further try costs map
     * lookups, not the mechanism's whole pass.
     *
     * @return whether the login was refused
     */
    public boolean refusedThrottled(HttpServletRequest request, HttpServletResponse response) {
        UsernamePasswordCredential credential = basicCredential(request.getHeader("Authorization"));
        if (credential == null) {
            return false;
        }
        OptionalLong wait = passwords.throttled(credential, addresses.of(request));
        if (wait.isEmpty()) {
            return false;
        }
        challenges.refuse(request, response, CheckedLogin.throttled(wait.getAsLong()).refusal());
        return true;
    }

    private static UsernamePasswordCredential basicCredential(String authorization) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        try {
            String pair = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), StandardCharsets.UTF_8);
            int colon = pair.indexOf(':');
            return colon < 0 ? null : new UsernamePasswordCredential(pair.substring(0, colon), pair.substring(colon + 1));
        } catch (IllegalArgumentException notBase64) {
            return null;
        }
    }
}
