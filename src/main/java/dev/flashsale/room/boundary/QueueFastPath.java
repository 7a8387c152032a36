package dev.flashsale.room.boundary;

import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.rest.FastPath;
import dev.flashsale.platform.rest.Ids;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.entity.TicketRequest;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A waiting room's two requests of a crowd, a ticket taken ({@code POST .../queue}) and a ticket
 * polled ({@code GET .../queue/{ticket}}), in their plain shape ({@link FastPath}), answered in
 * front of the REST framework with {@link QueueResource}'s answers and metrics, from the same
 * {@link WaitingRoom}. Every other request under {@code /api/sales} goes on to the resources.
 */
@Access(Roles.STOREFRONT)
@WebFilter(urlPatterns = "/api/sales/*", asyncSupported = true)
public class QueueFastPath extends HttpFilter {

    private static final Pattern QUEUE = Pattern.compile("/api/sales/([^/]+)/queue");
    private static final Pattern TICKET = Pattern.compile("/api/sales/([^/]+)/queue/((?!lottery$)[^/]+)");
    private static final TicketRequestReader BODIES = new TicketRequestReader();

    @Inject
    WaitingRoom room;

    @Inject
    RoomMetrics metrics;

    @Inject
    @ConfigProperty(name = "flashsale.api.max-body-bytes")
    int maxBytes;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = FastPath.path(request);
        Matcher queue = QUEUE.matcher(path);
        Matcher ticket = TICKET.matcher(path);
        boolean taking = queue.matches() && FastPath.isPlainJsonPost(request, maxBytes);
        if (!taking && !(ticket.matches() && FastPath.isPlainGet(request, "application/json"))) {
            chain.doFilter(request, response);
            return;
        }
        try {
            if (taking) {
                take(request, response, queue.group(1));
            } else {
                FastPath.json(response, HttpServletResponse.SC_OK, null,
                        QueueAnswerJson.bytes(metrics.polled(room.poll(Ids.parse(ticket.group(1), "sale"), ticket.group(2)))));
            }
        } catch (ProblemException refused) {
            FastPath.problem(response, ProblemAnswer.of(refused));
        } catch (RuntimeException failed) {
            FastPath.problem(response, ProblemAnswer.ofFailure(failed));
        }
    }

    private void take(HttpServletRequest request, HttpServletResponse response, String saleId) throws IOException {
        TicketRequest body = BODIES.read(new ByteArrayInputStream(FastPath.body(request)));
        WaitingRoom.Taken taken = room.take(Ids.parse(saleId, "sale"), body.buyerId());
        metrics.ticketTaken(taken.created());
        if (taken.created()) {
            FastPath.json(response, HttpServletResponse.SC_CREATED,
                    request.getRequestURL().append('/').append(taken.answer().ticket()).toString(), QueueAnswerJson.bytes(taken.answer()));
        } else {
            FastPath.json(response, HttpServletResponse.SC_OK, null, QueueAnswerJson.bytes(taken.answer()));
        }
    }
}
