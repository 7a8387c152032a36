package dev.flashsale.access.entity;

import dev.flashsale.platform.id.KeyOwner;

/**
 * A storefront key this node accepts, as a request's caller: its name (what its rate limit is
 * counted under and what operators call it) and its owner, the identity what it makes belongs to.
 */
public record StorefrontKey(String name, KeyOwner owner) {
}
