package dev.flashsale.access.control;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The answers the authentication mechanism writes itself, before any resource is reached: 401
 * with a challenge header, and 429 when a rate limit refuses the caller; problem+json bodies.
 */
@ApplicationScoped
public class Challenges {

    private final Jsonb jsonb = JsonbBuilder.create();

    public AuthenticationStatus unauthorized(HttpServletResponse response, String challenge, String detail) {
        response.setHeader("WWW-Authenticate", challenge);
        return refuse(response, new ProblemException(401, "unauthorized", "Unauthorized", detail));
    }

    /** The refusal as the answer, with its Retry-After when it has one. */
    public AuthenticationStatus refuse(HttpServletResponse response, ProblemException refusal) {
        SecurityHeaders.apply(response);
        response.setHeader("Cache-Control", "no-store");
        response.setStatus(refusal.status());
        if (refusal.retryAfterSeconds() > 0) {
            response.setHeader("Retry-After", Long.toString(refusal.retryAfterSeconds()));
        }
        response.setContentType(Problem.MEDIA_TYPE);
        response.setCharacterEncoding("UTF-8");
        try {
            response.getWriter().write(jsonb.toJson(refusal.toProblem()));
            response.flushBuffer();
        } catch (IOException clientGone) {
            // The client hung up; the status is all it would have read anyway.
        }
        return AuthenticationStatus.SEND_FAILURE;
    }
}
