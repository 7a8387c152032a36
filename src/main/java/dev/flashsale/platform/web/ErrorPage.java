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
        String detail = detailOf(status);
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
            response.getWriter().write(jsonb.toJson(new Problem(Problem.TYPE_BASE + slugOf(status), titleOf(status),
                    status, detail, null)));
        } else {
            writePage(request, response, status, titleOf(status), detail);
        }
    }

    /** A 503 page for a person while the database is away for a moment, with its Retry-After. */
    public static void writeUnavailablePage(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Retry-After", Long.toString(ProblemResponses.RETRY_AFTER_SECONDS));
        writePage(request, response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, titleOf(HttpServletResponse.SC_SERVICE_UNAVAILABLE),
                UNAVAILABLE);
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

    private static String slugOf(int status) {
        return switch (status) {
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            case 404 -> "not-found";
            case 405 -> "method-not-allowed";
            case 503 -> "service-unavailable";
            default -> status >= 500 ? "internal-error" : "bad-request";
        };
    }

    private static String titleOf(int status) {
        return switch (status) {
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 503 -> "Service unavailable";
            default -> status >= 500 ? "Internal error" : "Bad request";
        };
    }

    private static String detailOf(int status) {
        return switch (status) {
            case 401 -> "You need to log in for this.";
            case 403 -> "Your role does not allow this.";
            case 404 -> "There is nothing here.";
            case 405 -> "This method is not allowed here.";
            default -> "The request could not be handled.";
        };
    }
}
