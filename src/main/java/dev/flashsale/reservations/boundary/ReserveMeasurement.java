package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.reservations.control.ReservationMetrics;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/**
 * Counts every answer of the reserve method by status and problem type, and times it from the
 * matched request to the answer (refusals by Bean Validation and the exception mappers included).
 */
@Provider
@ReserveMeasured
public class ReserveMeasurement implements ContainerRequestFilter, ContainerResponseFilter {

    private static final String STARTED = ReserveMeasurement.class.getName() + ".started";

    @Inject
    ReservationMetrics metrics;

    @Override
    public void filter(ContainerRequestContext request) {
        request.setProperty(STARTED, System.nanoTime());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        long took = request.getProperty(STARTED) instanceof Long started ? System.nanoTime() - started : 0;
        String problem = response.getEntity() instanceof Problem answer ? slug(answer.type()) : ReservationMetrics.NO_PROBLEM;
        metrics.answered(response.getStatus(), problem, took);
    }

    static String slug(String type) {
        return type != null && type.startsWith(Problem.TYPE_BASE) ? type.substring(Problem.TYPE_BASE.length()) : "other";
    }
}
