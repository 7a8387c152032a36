/**
 * Webhooks: what the storefronts are told the moment it happens. A storefront registers webhooks
 * (URL, events, secret) over the admin API or the console; every event is written to the
 * {@code outbox} table in the transaction of the change that caused it ({@code Outbox}, called by
 * the other components' boundaries and control classes), with one delivery per subscribed
 * webhook; a timer on every node sends the due deliveries the way the Standard Webhooks
 * specification describes (signed, retried with backoff and jitter for up to a day, then failed).
 * Delivered at least once: a delivery is marked delivered only after a 2xx, and one a node was
 * sending when it died is claimed again when its lease runs out. Nothing is sent on a request's path.
 */
package dev.flashsale.webhooks;
