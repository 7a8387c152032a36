package dev.flashsale.platform.pipeline;

import dev.flashsale.platform.problem.Problem;
import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemWriter;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The one writer of the storefront's answers, problems included: the API's headers on every one,
 * then status, Location, media type, length and body (no body for HEAD).
 */
public final class AnswerWriter {

    private AnswerWriter() {
    }

    public static void write(HttpServletRequest request, HttpServletResponse response, Answer answer) throws IOException {
        SecurityHeaders.applyToApi(response);
        response.setStatus(answer.status());
        if (answer.location() != null) {
            response.setHeader("Location", answer.location());
        }
        body(request, response, answer.mediaType(), answer.body());
    }

    /** A problem, with its Retry-After when it has one. */
    public static void write(HttpServletRequest request, HttpServletResponse response, ProblemAnswer answer) throws IOException {
        SecurityHeaders.applyToApi(response);
        response.setStatus(answer.problem().status());
        if (answer.retryAfterSeconds() > 0) {
            response.setHeader("Retry-After", Long.toString(answer.retryAfterSeconds()));
        }
        body(request, response, Problem.MEDIA_TYPE, ProblemWriter.bytes(answer.problem()));
    }

    private static void body(HttpServletRequest request, HttpServletResponse response, String mediaType, byte[] body)
            throws IOException {
        if (body == null) {
            return;
        }
        response.setContentType(mediaType);
        response.setContentLength(body.length);
        if (!"HEAD".equals(request.getMethod())) {
            response.getOutputStream().write(body);
        }
    }

    /** The slug of a problem's type, as {@link Handler#answered} hears it. */
    public static String slug(Problem problem) {
        String type = problem.type();
        return type != null && type.startsWith(Problem.TYPE_BASE) ? type.substring(Problem.TYPE_BASE.length()) : "other";
    }
}
