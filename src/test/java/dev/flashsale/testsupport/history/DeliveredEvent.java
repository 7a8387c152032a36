package dev.flashsale.testsupport.history;

/**
 * A webhook request the receiver got, as the event checker reads it.
 *
 * @param type          the event's {@code type}
 * @param reservationId the reservation its data names
 * @param accepted      whether the receiver answered it 2xx (delivered)
 * @param signed        whether its signature verified with the webhook's secret
 */
public record DeliveredEvent(String type, String reservationId, boolean accepted, boolean signed) {
}
