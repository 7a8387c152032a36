package dev.flashsale.access.entity;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;

/** A user to add: a name, a password, and a role. */
public record NewAccount(
        @NotNull @Pattern(regexp = "[A-Za-z0-9._@-]{1,64}", message = "must be 1 to 64 letters, digits, '.', '_', '@' or '-'")
        String username,
        @AcceptablePassword String password,
        @UserRole String role) {
}
