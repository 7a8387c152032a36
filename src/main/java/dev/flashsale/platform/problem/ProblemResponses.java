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
    public static final String RETRY_AFTER_SECONDS = "2";

    public static Response withRetryAfter(Response answer) {
        return Response.fromResponse(answer).header("Retry-After", RETRY_AFTER_SECONDS).build();
    }

    public static Response of(int status, String slug, String title, String detail) {
        return of(new Problem(Problem.TYPE_BASE + slug, title, status, detail, null));
    }
}
