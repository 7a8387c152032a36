package dev.flashsale.reservations.entity;

import dev.flashsale.platform.problem.ProblemException;
import java.util.Objects;

/**
 * What the reserve transaction answered one of its requests: a reservation or a refusal; or
 * nothing yet (undecided: its group's transaction failed, and the request is then reserved in a
 * group of its own).
 */
public record ReserveAnswer(ReserveOutcome outcome, ProblemException refusal) {

    public static final ReserveAnswer UNDECIDED = new ReserveAnswer(null, null);

    public static ReserveAnswer of(ReserveOutcome outcome) {
        return new ReserveAnswer(Objects.requireNonNull(outcome), null);
    }

    public static ReserveAnswer refused(ProblemException refusal) {
        return new ReserveAnswer(null, Objects.requireNonNull(refusal));
    }

    public boolean decided() {
        return outcome != null || refusal != null;
    }

    /** @return the reservation; throws the refusal (call only when {@link #decided()}) */
    public ReserveOutcome outcomeOrThrow() {
        if (refusal != null) {
            throw refusal;
        }
        return Objects.requireNonNull(outcome, "undecided");
    }
}
