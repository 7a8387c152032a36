package dev.flashsale.platform.problem;

import jakarta.ejb.ApplicationException;
import java.util.Comparator;
import java.util.List;

/**
 * A refusal that the client must hear about: sold out, not found, conflicting state, bad input.
 * It is a business answer, not a fault, so it crosses EJB boundaries unwrapped; it rolls the
 * transaction back, so a refused request leaves nothing behind. It carries no stack trace: the
 * answer is all there is to it, and a sold-out rush throws thousands of them per second.
 */
@ApplicationException(rollback = true, inherited = true)
public class ProblemException extends RuntimeException {

    public static final String INVALID_REQUEST = "invalid-request";

    private final int status;
    private final String slug;
    private final String title;
    private final long retryAfterSeconds;
    private final List<Problem.FieldError> errors;

    public ProblemException(int status, String slug, String title, String detail) {
        this(status, slug, title, detail, status == 503 ? ProblemResponses.RETRY_AFTER_SECONDS : 0, null);
    }

    private ProblemException(int status, String slug, String title, String detail, long retryAfterSeconds,
                             List<Problem.FieldError> errors) {
        super(detail, null, false, false);
        this.status = status;
        this.slug = slug;
        this.title = title;
        this.retryAfterSeconds = retryAfterSeconds;
        this.errors = errors;
    }

    /** 400 {@code invalid-request}: the request's fields, each invalid one with what is wrong with it. */
    public static ProblemException invalid(List<Problem.FieldError> errors) {
        List<Problem.FieldError> sorted = errors.stream().sorted(Comparator.comparing(Problem.FieldError::field)).toList();
        String detail = sorted.isEmpty() ? "The request is invalid" : sorted.get(0).field() + ": " + sorted.get(0).message();
        return new ProblemException(400, INVALID_REQUEST, "Bad request", detail, 0, sorted);
    }

    public static ProblemException badRequest(String slug, String detail) {
        return new ProblemException(400, slug, "Bad request", detail);
    }

    public static ProblemException notFound(String what, String detail) {
        return new ProblemException(404, what + "-not-found", "Not found", detail);
    }

    public static ProblemException conflict(String slug, String title, String detail) {
        return new ProblemException(409, slug, title, detail);
    }

    /** 503: the client should retry after a moment (the answer carries Retry-After). */
    public static ProblemException retryLater(String slug, String title, String detail) {
        return new ProblemException(503, slug, title, detail);
    }

    /** 429: a rate limit; the answer carries Retry-After (at least one second). */
    public static ProblemException tooManyRequests(String slug, String detail, long retryAfterSeconds) {
        return new ProblemException(429, slug, "Too many requests", detail, Math.max(1, retryAfterSeconds), null);
    }

    /** @return the seconds the answer's Retry-After names; 0 = the answer has none */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    /** The last part of the problem's type, e.g. {@code sold-out}. */
    public String slug() {
        return slug;
    }

    public Problem toProblem() {
        return new Problem(Problem.TYPE_BASE + slug, title, status, getMessage(), errors);
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        // Refusals are expected and frequent (every sold-out buyer); a stack trace would be waste.
        return this;
    }
}
