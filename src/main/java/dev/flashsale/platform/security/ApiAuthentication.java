package dev.flashsale.platform.security;

import dev.flashsale.platform.problem.Problem;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.security.enterprise.authentication.mechanism.http.HttpAuthenticationMechanism;
import jakarta.security.enterprise.authentication.mechanism.http.HttpMessageContext;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * HTTP Basic for the protected API paths (see web.xml), stateless: every call carries its
 * credentials and no session is created. A missing or wrong credential gets 401 with a
 * {@code WWW-Authenticate} challenge and a problem+json body.
 */
@ApplicationScoped
public class ApiAuthentication implements HttpAuthenticationMechanism {

    static final String REALM = "flashsale-admin";

    @Inject
    IdentityStoreHandler identityStores;

    private final Jsonb jsonb = JsonbBuilder.create();

    @Override
    public AuthenticationStatus validateRequest(HttpServletRequest request, HttpServletResponse response,
                                                HttpMessageContext context) {
        if (!context.isProtected()) {
            return context.doNothing();
        }
        UsernamePasswordCredential credential = basicCredential(request.getHeader("Authorization"));
        if (credential != null) {
            CredentialValidationResult result = identityStores.validate(credential);
            if (result.getStatus() == CredentialValidationResult.Status.VALID) {
                return context.notifyContainerAboutLogin(result);
            }
        }
        return challenge(response, credential == null
                ? "This API needs HTTP Basic credentials of a merchandiser"
                : "Wrong user or password");
    }

    private AuthenticationStatus challenge(HttpServletResponse response, String detail) {
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader("WWW-Authenticate", "Basic realm=\"" + REALM + "\", charset=\"UTF-8\"");
        response.setContentType(Problem.MEDIA_TYPE);
        response.setCharacterEncoding("UTF-8");
        try {
            response.getWriter().write(jsonb.toJson(new Problem(Problem.TYPE_BASE + "unauthorized", "Unauthorized", 401,
                    detail, null)));
            response.flushBuffer();
        } catch (IOException clientGone) {
            // The client hung up; the 401 status is all it would have read anyway.
        }
        return AuthenticationStatus.SEND_FAILURE;
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
