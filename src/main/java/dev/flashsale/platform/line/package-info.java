/**
 * Requests that share one piece of work: a request that finds its line idle does its work at once,
 * the ones that arrive meanwhile queue, and the first of them then does it for everyone queued by
 * then (a stock row's group transaction, a waiting room's Redis call).
 */
package dev.flashsale.platform.line;
