package dev.flashsale.platform.web;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemResponses;
import dev.flashsale.platform.problem.TransientFailure;
import dev.flashsale.platform.security.Access;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The container's error page (web.xml): a 401, 403 or 404 decided by the container, or a
 * failure no one caught. API clients get problem+json, people a short page; neither ever sees
 * a stack trace or the server's name. Failures are logged with an incident id.
 */
@Access(Access.PUBLIC)
@WebServlet("/error")
public class ErrorPage extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(ErrorPage.class.getName());

    /** What a person is told when the database is away for a moment: nothing of ours broke, and trying again will do. */
    public static final String UNAVAILABLE = "The database is not answering right now; try again in a moment.";

    private final transient Jsonb jsonb = JsonbBuilder.create();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        // No status: a page that failed was redirected here (PrimeFaces' exception handler).
        int status = code instanceof Integer number ? number : HttpServletResponse.SC_INTERNAL_SERVER_ERROR;
        String uri = String.valueOf(request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI));
        Throwable failure = (Throwable) request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        boolean retryLater = status >= 500 && failure != null && TransientFailure.is(failure);
        if (retryLater) {
            // The database away for a moment under a page: the person may try again shortly.
            status = HttpServletResponse.SC_SERVICE_UNAVAILABLE;
            LOG.warning(() -> "Database unavailable or busy on " + uri + ", answered 503: " + Causes.summary(failure));
        }
        Said said = Said.of(status);
        String detail = said.detail();
        if (retryLater) {
            detail = UNAVAILABLE;
        } else if (status >= 500 && code != null) {
            String incident = UUID.randomUUID().toString();
            LOG.log(Level.SEVERE, "Unexpected failure on " + uri + ", incident " + incident, failure);
            detail = "The request failed on our side. Incident " + incident;
        } else if (status >= 500) {
            detail = "The request failed on our side; it was logged.";
        }
        if (response.isCommitted()) {
            return;
        }
        response.resetBuffer();
        if (retryLater) {
            response.setHeader("Retry-After", Long.toString(ProblemResponses.RETRY_AFTER_SECONDS));
        }
        if (ApiPaths.isApi(uri.substring(Math.min(uri.length(), request.getContextPath().length())))) {
            response.setStatus(status);
            response.setCharacterEncoding("UTF-8");
            response.setContentType(Problem.MEDIA_TYPE);
            response.getWriter().write(jsonb.toJson(new Problem(Problem.TYPE_BASE + said.slug(), said.title(),
                    status, detail, null)));
        } else {
            writePage(request, response, status, said.title(), detail);
        }
    }

    /** A 503 page for a person while the database is away for a moment, with its Retry-After. */
    public static void writeUnavailablePage(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Retry-After", Long.toString(ProblemResponses.RETRY_AFTER_SECONDS));
        writePage(request, response, HttpServletResponse.SC_SERVICE_UNAVAILABLE,
                Said.of(HttpServletResponse.SC_SERVICE_UNAVAILABLE).title(), UNAVAILABLE);
    }

    /** A short page for a person, with a way back into the console; title and detail are our own text, not the request's. */
    public static void writePage(HttpServletRequest request, HttpServletResponse response, int status, String title, String detail)
            throws IOException {
        response.setStatus(status);
        response.setCharacterEncoding("UTF-8");
        response.setContentType("text/html");
        response.getWriter().write("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"UTF-8\"><title>"
                + title + "</title></head><body><h1>" + title + "</h1><p>" + detail
                + "</p><p><a href=\"" + request.getContextPath() + "/console/sales.xhtml\">Back to the console</a></p>"
                + "</body></html>");
    }

    /** What the page or the problem says of a status the container decided. */
    private record Said(String slug, String title, String detail) {

        private static final String NOT_HANDLED = "The request could not be handled.";

        static Said of(int status) {
            return switch (status) {
                case 401 -> new Said("unauthorized", "Unauthorized", "You need to log in for this.");
                case 403 -> new Said("forbidden", "Forbidden", "Your role does not allow this.");
                case 404 -> new Said("not-found", "Not found", "There is nothing here.");
                case 405 -> new Said("method-not-allowed", "Method not allowed", "This method is not allowed here.");
                case 503 -> new Said("service-unavailable", "Service unavailable", NOT_HANDLED);
                default -> status >= 500 ? new Said("internal-error", "Internal error", NOT_HANDLED)
                        : new Said("bad-request", "Bad request", NOT_HANDLED);
            };
        }
    }
}
