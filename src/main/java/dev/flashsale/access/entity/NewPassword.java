package dev.flashsale.access.entity;

/** A password an administrator sets for a user (a reset). */
public record NewPassword(@AcceptablePassword String password) {
}
