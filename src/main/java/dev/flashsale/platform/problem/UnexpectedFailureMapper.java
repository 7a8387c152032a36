package dev.flashsale.platform.problem;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.rest.RequestBodyLimit;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Anything not mapped more precisely: the database's passing trouble ({@link TransientFailure})
 * is a 503 with Retry-After, logged without its stack; anything else is our fault, logged with
 * an incident id, and the client gets that id and nothing of the internals.
 */
@Provider
public class UnexpectedFailureMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedFailureMapper.class.getName());

    @Override
    public Response toResponse(Throwable failure) {
        Optional<Response> tooLarge = RequestBodyLimit.tooLarge(failure);
        if (tooLarge.isPresent()) {
            return tooLarge.get();
        }
        Optional<ProblemException> retryLater = TransientFailure.answer(failure);
        if (retryLater.isPresent()) {
            LOG.warning(() -> "Database unavailable or busy, answered 503: " + Causes.summary(failure));
            return ProblemResponses.withRetryAfter(ProblemResponses.of(retryLater.get().toProblem()));
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, failure);
        return ProblemResponses.of(500, "internal-error", "Internal error",
                "The request failed on our side. Incident " + incident);
    }
}
