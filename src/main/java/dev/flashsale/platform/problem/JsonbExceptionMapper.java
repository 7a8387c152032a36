package dev.flashsale.platform.problem;

import dev.flashsale.platform.rest.RequestBodyLimit;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** A JSON binding failure that reaches us unwrapped: the body did not match the expected shape. */
@Provider
public class JsonbExceptionMapper implements ExceptionMapper<JsonbException> {

    @Override
    public Response toResponse(JsonbException exception) {
        return RequestBodyLimit.tooLarge(exception).orElseGet(() -> ProblemResponses.of(400, "malformed-request", "Bad request",
                "The request body could not be read as JSON of the expected shape (check syntax and types)"));
    }
}
