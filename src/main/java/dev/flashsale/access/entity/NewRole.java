package dev.flashsale.access.entity;

/** The role an administrator gives a user. */
public record NewRole(@UserRole String role) {
}
