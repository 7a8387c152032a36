package dev.flashsale.reservations.entity;

/**
 * How reservations were grouped on this node since it started: the largest group allowed, the
 * group transactions run, the requests they held (requests / groups is the mean group size), and
 * the requests a group left undecided, which were then reserved alone (a second request with the
 * same key, a key taken by another transaction, a sharded SKU's request that did not fit on its
 * shard, a failed group transaction).
 */
public record CheckoutGroups(int groupMax, long groups, long requests, long undecided) {
}
