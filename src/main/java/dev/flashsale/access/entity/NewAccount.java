package dev.flashsale.access.entity;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** A user to add: a name, a password of at least 12 characters, and a role. */
public record NewAccount(
        @NotNull @Pattern(regexp = "[A-Za-z0-9._@-]{1,64}", message = "must be 1 to 64 letters, digits, '.', '_', '@' or '-'")
        String username,
        @NotNull @Size(min = 12, max = 200, message = "must be 12 to 200 characters") String password,
        @NotNull @Pattern(regexp = "merchandiser|viewer", message = "must be merchandiser or viewer") String role) {
}
