package dev.flashsale.access.control;

import dev.flashsale.platform.pipeline.AnswerWriter;
import dev.flashsale.platform.pipeline.ServletExchange;
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

    public AuthenticationStatus unauthorized(HttpServletRequest request, HttpServletResponse response, String challenge,
                                             String detail) {
        response.setHeader("WWW-Authenticate", challenge);
        return refuse(request, response, new ProblemException(401, "unauthorized", "Unauthorized", detail));
    }

    /** The refusal as the answer, with its Retry-After when it has one, written as the storefront's are. */
    public AuthenticationStatus refuse(HttpServletRequest request, HttpServletResponse response, ProblemException refusal) {
        try {
            AnswerWriter.write(new ServletExchange(request, response), ProblemAnswer.of(refusal));
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
        try {
            if (ApiPaths.isApi(Authentication.path(request))) {
                AnswerWriter.write(new ServletExchange(request, response), retryLater);
            } else {
                SecurityHeaders.applyToPage(response);
                response.setHeader("Cache-Control", "no-store");
                ErrorPage.writeUnavailablePage(request, response);
            }
            response.flushBuffer();
        } catch (IOException clientGone) {
            // The person left; there is nobody to tell.
        }
    }
}
