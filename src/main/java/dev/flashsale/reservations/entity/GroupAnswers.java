package dev.flashsale.reservations.entity;

import java.util.List;

/**
 * The reserve transaction's answers, one per request in the group's order, and the number of stock
 * rows of the SKU (so that later groups can be spread over them).
 */
public record GroupAnswers(int shards, List<ReserveAnswer> answers) {
}
