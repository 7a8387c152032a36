package dev.flashsale.platform.rest;

import dev.flashsale.platform.pipeline.BodyLimit;
import dev.flashsale.platform.problem.ProblemAnswer;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.io.IOException;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** {@link BodyLimit} for the REST framework's requests (the admin API). */
@Provider
@PreMatching
public class RequestBodyLimit implements ContainerRequestFilter {

    @Inject
    @ConfigProperty(name = "flashsale.api.max-body-bytes")
    int maxBytes;

    @Inject
    @ConfigProperty(name = "flashsale.api.drain-bytes")
    int drainBytes;

    @Override
    public void filter(ContainerRequestContext request) throws IOException {
        if (request.getLength() > maxBytes) {
            BodyLimit.drain(request.getEntityStream(), Math.min(request.getLength(), drainBytes));
            request.abortWith(ProblemAnswer.of(BodyLimit.tooLarge(maxBytes)).toResponse());
            return;
        }
        if (request.hasEntity()) {
            request.setEntityStream(BodyLimit.bounded(request.getEntityStream(), maxBytes));
        }
    }

    /** The 413 answer, when reading a body failed because it passed the bound. */
    public static Optional<Response> tooLarge(Throwable failure) {
        return BodyLimit.tooLarge(failure).map(tooLarge -> ProblemAnswer.of(tooLarge).toResponse());
    }
}
