package dev.flashsale.room.entity;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotNull;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * A sale's waiting room as a merchandiser sets it: on or off, buyers admitted a second, the most
 * buyers admitted and active at once, how long an admission token lasts, how long a waiting
 * buyer may miss polls and keep the place, and when the pre-queue opens (omitted: at once). The
 * lottery runs at the sale's {@code startsAt}, which a sale with a room must have. These
 * constraints are the rules of both the admin API and the console, and their messages are what
 * both show.
 */
public record RoomSettings(
        @NotNull(message = "Say whether the waiting room is on")
        Boolean enabled,
        @NotNull(message = "Give the buyers admitted a second")
        @Digits(integer = 6, fraction = 0, message = RATE)
        @DecimalMin(value = "1", message = RATE)
        @DecimalMax(value = "100000", message = RATE)
        BigDecimal admissionPerSecond,
        @NotNull(message = "Give the most buyers active at once")
        @Digits(integer = 8, fraction = 0, message = ACTIVE)
        @DecimalMin(value = "1", message = ACTIVE)
        @DecimalMax(value = "10000000", message = ACTIVE)
        BigDecimal maxActive,
        @NotNull(message = "Give the token's lifetime in seconds")
        @Digits(integer = 4, fraction = 0, message = TOKEN)
        @DecimalMin(value = "10", message = TOKEN)
        @DecimalMax(value = "3600", message = TOKEN)
        BigDecimal tokenSeconds,
        @NotNull(message = "Give the seconds a waiting buyer may miss polls")
        @Digits(integer = 4, fraction = 0, message = MISSED)
        @DecimalMin(value = "3", message = MISSED)
        @DecimalMax(value = "3600", message = MISSED)
        BigDecimal missedPollSeconds,
        Instant preQueueOpensAt) {

    private static final String RATE = "1 to 100,000 buyers a second, a whole number";
    private static final String ACTIVE = "1 to 10,000,000 buyers, a whole number";
    private static final String TOKEN = "10 to 3,600 seconds, a whole number";
    private static final String MISSED = "3 to 3,600 seconds, a whole number";
}
