package dev.flashsale.reservations.boundary;

import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.rest.BufferedBody;
import dev.flashsale.platform.rest.FastPath;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.reservations.control.ReservationMetrics;
import dev.flashsale.reservations.entity.ReservationView;
import dev.flashsale.reservations.entity.ReserveOutcome;
import dev.flashsale.reservations.entity.ReserveRequest;
import dev.flashsale.room.boundary.AdmissionCheck;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The reserve request as a rush sends it (a plain JSON POST, {@link FastPath}), answered in front
 * of the REST framework with {@link ReservationsResource}'s answers and metrics, from the same
 * {@link StorefrontReserve}. A request with an admission token, or for a sale with a waiting room,
 * goes on to the resource, its body as read here: the room hears its answers there (a request
 * without a token that meets a room switched on meanwhile is refused 403 here, and has nothing for
 * the room to hear). The caller was authenticated before.
 */
@Access(Roles.STOREFRONT)
@WebFilter(urlPatterns = "/api/reservations", asyncSupported = true)
public class ReserveFastPath extends HttpFilter {

    private static final ReserveRequestReader BODIES = new ReserveRequestReader();

    @Inject
    StorefrontReserve reserving;

    @Inject
    ReservationMetrics metrics;

    @Inject
    @ConfigProperty(name = "flashsale.api.max-body-bytes")
    int maxBytes;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!FastPath.isPlainJsonPost(request, maxBytes)) {
            chain.doFilter(request, response);
            return;
        }
        long started = System.nanoTime();
        byte[] body = FastPath.body(request);
        ReserveRequest parsed;
        try {
            parsed = BODIES.read(new ByteArrayInputStream(body));
            if (request.getHeader(AdmissionCheck.HEADER) == null && !reserving.throughRoom(parsed)) {
                reserve(request, response, parsed, started);
                return;
            }
        } catch (ProblemException refused) {
            refuse(response, ProblemAnswer.of(refused), started);
            return;
        } catch (RuntimeException failed) {
            refuse(response, ProblemAnswer.ofFailure(failed), started);
            return;
        }
        chain.doFilter(new BufferedBody(request, body), response);
    }

    private void reserve(HttpServletRequest request, HttpServletResponse response, ReserveRequest parsed, long started)
            throws IOException {
        ReserveOutcome outcome = reserving.reserve(request.getHeader("Idempotency-Key"), parsed);
        ReservationView view = ReservationView.of(outcome.reservation());
        if (outcome.created()) {
            FastPath.json(response, HttpServletResponse.SC_CREATED, request.getRequestURL().append('/').append(view.id()).toString(), view);
        } else {
            FastPath.json(response, HttpServletResponse.SC_OK, null, view);
        }
        metrics.answered(response.getStatus(), ReservationMetrics.NO_PROBLEM, System.nanoTime() - started);
    }

    private void refuse(HttpServletResponse response, ProblemAnswer answer, long started) throws IOException {
        FastPath.problem(response, answer);
        metrics.answered(answer.problem().status(), ReserveMeasurement.slug(answer.problem().type()), System.nanoTime() - started);
    }
}
