package dev.flashsale.platform.rest;

import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.regex.Pattern;

/**
 * What the requests of a crowd (a reserve, a queue ticket, a poll, a ping) need to be answered by a
 * servlet filter in front of the REST framework, whose routing, request scope, providers and
 * tracing cost such a request more than its own work. A fast path takes only the plain shape of
 * its request, the one the REST resource would answer without negotiating anything, and answers it
 * as the resource would: same status, media type, headers and body. Everything else goes on to the
 * resource.
 */
public final class FastPath {

    private static final Pattern JSON_UTF8 = Pattern.compile("(?i)application/json\\s*(;\\s*charset\\s*=\\s*\"?utf-8\"?\\s*)?");
    private static final Jsonb JSON = JsonbBuilder.create();

    private FastPath() {
    }

    /** A POST of a JSON body in UTF-8 whose length is given and at most {@code maxBytes}, for an answer in JSON. */
    public static boolean isPlainJsonPost(HttpServletRequest request, int maxBytes) {
        long length = request.getContentLengthLong();
        String type = request.getContentType();
        return "POST".equals(request.getMethod()) && length >= 0 && length <= maxBytes
                && type != null && JSON_UTF8.matcher(type).matches() && accepts(request, "application/json");
    }

    /** A GET for an answer in {@code mediaType}. */
    public static boolean isPlainGet(HttpServletRequest request, String mediaType) {
        return "GET".equals(request.getMethod()) && accepts(request, mediaType);
    }

    /** No Accept header, or a single one of {@code *}{@code /*} or exactly {@code mediaType}. */
    private static boolean accepts(HttpServletRequest request, String mediaType) {
        Enumeration<String> accepts = request.getHeaders("Accept");
        if (!accepts.hasMoreElements()) {
            return true;
        }
        String accept = accepts.nextElement();
        return !accepts.hasMoreElements() && (accept.equals("*/*") || accept.equals(mediaType));
    }

    /** The body of a plain POST, whose length it gave (a body cut short is read as far as it came). */
    public static byte[] body(HttpServletRequest request) throws IOException {
        return request.getInputStream().readNBytes((int) request.getContentLengthLong());
    }

    /** The request's path below the context: {@code /api/...}. */
    public static String path(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    /** An answer in JSON, as the JSON binding writes {@code value}; {@code location} for a 201, else null. */
    public static void json(HttpServletResponse response, int status, String location, Object value) throws IOException {
        json(response, status, location, JSON.toJson(value).getBytes(StandardCharsets.UTF_8));
    }

    /** An answer in JSON, {@code body} written as the JSON binding would; {@code location} for a 201, else null. */
    public static void json(HttpServletResponse response, int status, String location, byte[] body) throws IOException {
        SecurityHeaders.applyToApi(response);
        response.setStatus(status);
        if (location != null) {
            response.setHeader("Location", location);
        }
        write(response, "application/json", body);
    }

    /** A problem answer, with its Retry-After when it has one. */
    public static void problem(HttpServletResponse response, ProblemAnswer answer) throws IOException {
        SecurityHeaders.applyToApi(response);
        answer.write(response);
    }

    /** An answer's body, of this media type. */
    public static void write(HttpServletResponse response, String mediaType, byte[] body) throws IOException {
        response.setContentType(mediaType);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
