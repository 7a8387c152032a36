/**
 * The storefront's one way in: every storefront request (reservations, stock, the waiting room,
 * ping) passes {@link dev.flashsale.storefront.StorefrontPipeline}, which matches its route,
 * authenticates its API key, applies the key's and the address's limits, then has the route's
 * {@link dev.flashsale.platform.pipeline.Handler} read it, limit it further, ask the room and
 * answer it, and writes every answer and problem through one writer. The handlers live in their
 * components; the routes are found among the beans at start-up ({@link dev.flashsale.storefront.StorefrontRoutes}).
 */
package dev.flashsale.storefront;
