package dev.flashsale.access.control;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.security.enterprise.AuthenticationStatus;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** The 401 answer of the API: a challenge header and a problem+json body. */
@ApplicationScoped
public class Challenges {

    private final Jsonb jsonb = JsonbBuilder.create();

    public AuthenticationStatus unauthorized(HttpServletResponse response, String challenge, String detail) {
        SecurityHeaders.apply(response);
        response.setHeader("Cache-Control", "no-store");
        response.setStatus(HttpServletResponse.SC_UNAUTHORIZED);
        response.setHeader("WWW-Authenticate", challenge);
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
}
