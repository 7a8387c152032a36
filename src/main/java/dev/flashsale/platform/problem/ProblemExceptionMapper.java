package dev.flashsale.platform.problem;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

    @Override
    public Response toResponse(ProblemException refusal) {
        Response answer = ProblemResponses.of(refusal.toProblem());
        return refusal.status() == 503 ? ProblemResponses.withRetryAfter(answer) : answer;
    }
}
