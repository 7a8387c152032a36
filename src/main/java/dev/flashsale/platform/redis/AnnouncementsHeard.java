package dev.flashsale.platform.redis;

/**
 * Whether {@link Announcements} hears the channels now: {@code true} once subscribed (again),
 * {@code false} when the subscription broke. While it is {@code false} messages are lost, so an
 * observer that relies on them stops relying, and on {@code true} reads again what it may have missed.
 */
public record AnnouncementsHeard(boolean listening) {
}
