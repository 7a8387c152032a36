package dev.flashsale.room.entity;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** A buyer asks for a place in a sale's waiting room. */
public record TicketRequest(
        @NotNull @Size(min = 1, max = 128) @Pattern(regexp = "[^\\p{Cntrl}]+", message = "must have no control character")
        String buyerId) {
}
