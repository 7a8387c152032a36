package dev.flashsale.platform.problem;

import jakarta.ws.rs.core.Response;

/** Builds the HTTP answer that carries a {@link Problem}. */
public final class ProblemResponses {

    private ProblemResponses() {
    }

    public static Response of(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }

    /** Seconds a client told to retry (503) should wait first. */
    public static final int RETRY_AFTER_SECONDS = 2;

    public static Response withRetryAfter(Response answer) {
        return withRetryAfter(answer, RETRY_AFTER_SECONDS);
    }

    public static Response withRetryAfter(Response answer, long seconds) {
        return Response.fromResponse(answer).header("Retry-After", Long.toString(seconds)).build();
    }

    public static Response of(int status, String slug, String title, String detail) {
        return of(new Problem(Problem.TYPE_BASE + slug, title, status, detail, null));
    }
}
