package dev.flashsale.platform.problem;

import dev.flashsale.platform.Causes;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A problem as it is answered: the document and, for a refusal the client should retry later, its
 * Retry-After. The one place that decides what a failure is answered with, for the REST
 * resources' exception mappers and for the requests answered without them (written by
 * {@code AnswerWriter}).
 */
public record ProblemAnswer(Problem problem, long retryAfterSeconds) {

    private static final Logger LOG = Logger.getLogger(ProblemAnswer.class.getName());

    public static ProblemAnswer of(ProblemException refusal) {
        return new ProblemAnswer(refusal.toProblem(), refusal.retryAfterSeconds());
    }

    /**
     * Anything not answered more precisely: the database's passing trouble ({@link TransientFailure})
     * is a 503 with Retry-After, logged without its stack; anything else is our fault, logged with
     * an incident id, and the client gets that id and nothing of the internals.
     */
    public static ProblemAnswer ofFailure(Throwable failure) {
        Optional<ProblemException> retryLater = TransientFailure.answer(failure);
        if (retryLater.isPresent()) {
            LOG.warning(() -> "Database unavailable or busy, answered 503: " + Causes.summary(failure));
            return new ProblemAnswer(retryLater.get().toProblem(), ProblemResponses.RETRY_AFTER_SECONDS);
        }
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, incident " + incident, failure);
        return new ProblemAnswer(new Problem(Problem.TYPE_BASE + "internal-error", "Internal error", 500,
                "The request failed on our side. Incident " + incident, null), 0);
    }

    public Response toResponse() {
        Response answer = ProblemResponses.of(problem);
        return retryAfterSeconds > 0 ? ProblemResponses.withRetryAfter(answer, retryAfterSeconds) : answer;
    }
}
