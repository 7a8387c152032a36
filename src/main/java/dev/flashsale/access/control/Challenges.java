package dev.flashsale.access.control;

import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The answers the authentication mechanism writes itself, before any resource is reached: 401
 * with a challenge header, and 429 when a rate limit refuses the caller; problem+json bodies.
 */
@ApplicationScoped
public class Challenges {

    public AuthenticationStatus unauthorized(HttpServletResponse response, String challenge, String detail) {
        response.setHeader("WWW-Authenticate", challenge);
        return refuse(response, new ProblemException(401, "unauthorized", "Unauthorized", detail));
    }

    /** The refusal as the answer, with its Retry-After when it has one. */
    public AuthenticationStatus refuse(HttpServletResponse response, ProblemException refusal) {
        SecurityHeaders.applyToApi(response);
        try {
            ProblemAnswer.of(refusal).write(response);
            response.flushBuffer();
        } catch (IOException clientGone) {
            // The client hung up; the status is all it would have read anyway.
        }
        return AuthenticationStatus.SEND_FAILURE;
    }
}
