package dev.flashsale.access.entity;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** A user's own password changed: the current one, which must be right, and the new one. */
public record PasswordChange(@NotNull @Size(max = 200) String currentPassword, @AcceptablePassword String newPassword) {
}
