package dev.flashsale.access.control;

import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.web.ApiPaths;
import dev.flashsale.platform.web.ErrorPage;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The answers the authentication mechanism writes itself, before any resource is reached: 401
 * with a challenge header, 429 when a rate limit refuses the caller, and 503 when the database
 * cannot tell who the caller is; problem+json bodies for the API.
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

    /**
     * A call that could not be checked because the database is away for a moment: the API's
     * problem with Retry-After, or a short page for a person at the console.
     */
    public void unavailable(HttpServletRequest request, HttpServletResponse response, ProblemAnswer retryLater) {
        boolean api = ApiPaths.isApi(Authentication.path(request));
        if (api) {
            SecurityHeaders.applyToApi(response);
        } else {
            SecurityHeaders.applyToPage(response);
            response.setHeader("Cache-Control", "no-store");
        }
        try {
            if (api) {
                retryLater.write(response);
            } else {
                response.setHeader("Retry-After", Long.toString(retryLater.retryAfterSeconds()));
                ErrorPage.writePage(request, response, retryLater.problem().status(), retryLater.problem().title(),
                        "The database is not answering right now; try again in a moment.");
            }
            response.flushBuffer();
        } catch (IOException clientGone) {
            // The person left; there is nobody to tell.
        }
    }
}
