package dev.flashsale.platform.problem;

import dev.flashsale.platform.rest.RequestBodyLimit;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Anything not mapped more precisely: a body over the size limit 413, the rest as {@link ProblemAnswer#ofFailure} says. */
@Provider
public class UnexpectedFailureMapper implements ExceptionMapper<Throwable> {

    @Override
    public Response toResponse(Throwable failure) {
        return RequestBodyLimit.tooLarge(failure).orElseGet(() -> ProblemAnswer.ofFailure(failure).toResponse());
    }
}
