package dev.flashsale.access.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * HTTP Basic for the admin API, stateless: every call carries its credentials and no session is
 * created. Only users (merchandiser, viewer) get in; a storefront key is not a credential here.
 */
@ApplicationScoped
public class AdminApiLogin {

    static final String CHALLENGE = "Basic realm=\"flashsale-admin\", charset=\"UTF-8\"";

    @Inject
    IdentityStoreHandler identityStores;

    @Inject
    VerifiedCredentials verified;

    @Inject
    Challenges challenges;

    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        if (!context.isProtected()) {
            return context.doNothing();
        }
        UsernamePasswordCredential credential = basicCredential(request.getHeader("Authorization"));
        if (credential != null) {
            String user = credential.getCaller();
            String password = credential.getPasswordAsString();
            Optional<CredentialValidationResult> known = verified.recall(user, password);
            if (known.isPresent()) {
                return context.notifyContainerAboutLogin(known.get());
            }
            CredentialValidationResult result = identityStores.validate(credential);
            if (result.getStatus() == CredentialValidationResult.Status.VALID) {
                verified.remember(user, password, result);
                return context.notifyContainerAboutLogin(result);
            }
        }
        return challenges.unauthorized(response, CHALLENGE, credential == null
                ? "The admin API needs HTTP Basic credentials of a console user"
                : "Wrong user or password");
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
