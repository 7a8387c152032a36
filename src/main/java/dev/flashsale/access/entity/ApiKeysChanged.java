package dev.flashsale.access.entity;

/** A storefront key was issued or revoked. */
public record ApiKeysChanged() {
}
