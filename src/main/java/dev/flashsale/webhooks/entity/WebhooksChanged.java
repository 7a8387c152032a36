package dev.flashsale.webhooks.entity;

/** A webhook was registered, changed or deleted: which event types are heard may have changed. */
public record WebhooksChanged() {
}
