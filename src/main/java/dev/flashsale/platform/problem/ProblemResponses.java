package dev.flashsale.platform.problem;

import jakarta.ws.rs.core.Response;

/** Builds the HTTP answer that carries a {@link Problem}. */
public final class ProblemResponses {

    private ProblemResponses() {
    }

    public static Response of(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }

    public static Response of(int status, String slug, String title, String detail) {
        return of(new Problem(Problem.TYPE_BASE + slug, title, status, detail, null));
    }
}
