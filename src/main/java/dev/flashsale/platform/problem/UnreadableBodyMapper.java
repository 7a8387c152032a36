package dev.flashsale.platform.problem;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.rest.RequestBodyLimit;
import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;

/**
 * A request body that is not JSON, or not of the expected shape: the JSON binding fails, and
 * the JAX-RS runtime reports it wrapped in a {@link ProcessingException}. Any other processing
 * failure is ours and goes on to the 500 handler.
 */
@Provider
public class UnreadableBodyMapper implements ExceptionMapper<ProcessingException> {

    private final UnexpectedFailureMapper unexpected = new UnexpectedFailureMapper();

    @Override
    public Response toResponse(ProcessingException exception) {
        Optional<Response> tooLarge = RequestBodyLimit.tooLarge(exception);
        if (tooLarge.isPresent()) {
            return tooLarge.get();
        }
        if (Causes.of(exception).anyMatch(cause -> cause instanceof JsonbException || cause instanceof JsonException)) {
            return ProblemResponses.of(400, "malformed-request", "Bad request",
                    "The request body could not be read as JSON of the expected shape (check syntax and types)");
        }
        return unexpected.toResponse(exception);
    }
}
