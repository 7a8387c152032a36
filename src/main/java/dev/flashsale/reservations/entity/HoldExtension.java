package dev.flashsale.reservations.entity;

import dev.flashsale.platform.id.ReservationId;
import dev.flashsale.platform.problem.ProblemException;
import java.util.Optional;

/**
 * What decides whether a hold may be extended, as read after an extension was refused: the
 * reservation's status, whether it is before its deadline (on the database's clock), its
 * extensions so far and its sale's allowance ({@code maxExtensionSeconds} each, at most
 * {@code maxExtensions} times; either 0: off).
 */
public record HoldExtension(ReservationStatus status, boolean live, int extensions, int maxExtensionSeconds,
                            int maxExtensions) {

    /**
     * Why the hold is not extended: its end first (paid for, cancelled, run out), then its sale's
     * allowance; empty when nothing forbids it (the refusal raced a change that is gone now).
     */
    public Optional<ProblemException> refusal(ReservationId id) {
        if (status == ReservationStatus.CONFIRMED) {
            return Optional.of(ProblemException.conflict("reservation-confirmed", "Reservation confirmed",
                    "Reservation " + id + " is paid for; there is no hold left to extend"));
        }
        if (status == ReservationStatus.CANCELLED) {
            return Optional.of(ReservationRefusals.cancelled(id));
        }
        if (status == ReservationStatus.EXPIRED || !live) {
            return Optional.of(ProblemException.conflict("hold-expired", "Hold expired",
                    "The hold of reservation " + id + " ran out; an expired hold is not extended"));
        }
        if (maxExtensions == 0 || maxExtensionSeconds == 0) {
            return Optional.of(ProblemException.conflict("extension-off", "Extension off",
                    "The sale of reservation " + id + " does not extend holds"));
        }
        if (extensions >= maxExtensions) {
            return Optional.of(ProblemException.conflict("extensions-spent", "Extensions spent",
                    "The hold of reservation " + id + " was extended " + extensions + " time(s), its sale's most"));
        }
        return Optional.empty();
    }
}
