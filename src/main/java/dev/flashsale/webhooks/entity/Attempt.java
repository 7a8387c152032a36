package dev.flashsale.webhooks.entity;

/**
 * How one attempt went.
 *
 * @param status the receiver's HTTP status, or 0 when it gave none
 * @param error  what went wrong, short; null after a 2xx
 */
public record Attempt(ClaimedDelivery delivery, int status, String error) {

    public boolean delivered() {
        return status >= 200 && status < 300;
    }
}
