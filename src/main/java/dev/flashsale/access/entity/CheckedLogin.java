package dev.flashsale.access.entity;

import dev.flashsale.platform.problem.ProblemException;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;

/**
 * A login's password check: its result, or, when too many logins failed lately, no check at all
 * and the seconds to wait.
 */
public record CheckedLogin(CredentialValidationResult result, long retryAfterSeconds) {

    /** The request attribute of a console login refused unchecked: the seconds to wait, a Long. */
    public static final String RETRY_AFTER_ATTRIBUTE = "dev.flashsale.login.retry-after-seconds";

    public static CheckedLogin of(CredentialValidationResult result) {
        return new CheckedLogin(result, 0);
    }

    public static CheckedLogin throttled(long retryAfterSeconds) {
        return new CheckedLogin(CredentialValidationResult.NOT_VALIDATED_RESULT, Math.max(1, retryAfterSeconds));
    }

    public boolean throttled() {
        return retryAfterSeconds > 0;
    }

    /** 429 {@code too-many-failed-logins}, with the wait, for a login {@link #throttled()}. */
    public ProblemException refusal() {
        return ProblemException.tooManyRequests("too-many-failed-logins",
                "Too many failed logins of this user or from this address; retry after the time in Retry-After",
                retryAfterSeconds);
    }

    public boolean valid() {
        return result.getStatus() == CredentialValidationResult.Status.VALID;
    }
}
