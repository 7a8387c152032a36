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
 * lottery runs at the sale's {@code startsAt}, which a sale with a room must have.
 */
public record RoomSettings(
        @NotNull Boolean enabled,
        @NotNull @Digits(integer = 6, fraction = 0) @DecimalMin("1") @DecimalMax("100000") BigDecimal admissionPerSecond,
        @NotNull @Digits(integer = 8, fraction = 0) @DecimalMin("1") @DecimalMax("10000000") BigDecimal maxActive,
        @NotNull @Digits(integer = 4, fraction = 0) @DecimalMin("10") @DecimalMax("3600") BigDecimal tokenSeconds,
        @NotNull @Digits(integer = 4, fraction = 0) @DecimalMin("3") @DecimalMax("3600") BigDecimal missedPollSeconds,
        Instant preQueueOpensAt) {
}
