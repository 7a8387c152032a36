package dev.flashsale.platform.problem;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

@Provider
public class ProblemExceptionMapper implements ExceptionMapper<ProblemException> {

    @Override
    public Response toResponse(ProblemException refusal) {
        return ProblemAnswer.of(refusal).toResponse();
    }
}
