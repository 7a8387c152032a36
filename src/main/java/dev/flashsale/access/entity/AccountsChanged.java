package dev.flashsale.access.entity;

/** A user was added or changed: credentials verified earlier must be checked again. */
public record AccountsChanged(String username) {
}
