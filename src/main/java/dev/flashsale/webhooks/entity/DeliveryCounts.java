package dev.flashsale.webhooks.entity;

/** What an operator watches: deliveries waiting to go out, and deliveries given up. */
public record DeliveryCounts(long pending, long failed) {
}
