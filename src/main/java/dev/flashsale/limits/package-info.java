/**
 * Rate limits shared by all nodes: token buckets in Redis ({@code lua/take_tokens.lua}), per
 * buyer, per storefront API key and per client address on the storefront API, and per user name
 * and per client address for failed logins. When Redis cannot be reached, each node keeps the
 * same limits in its own memory until it can.
 */
package dev.flashsale.limits;
