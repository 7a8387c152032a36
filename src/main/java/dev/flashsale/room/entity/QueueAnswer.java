package dev.flashsale.room.entity;

import jakarta.json.bind.annotation.JsonbPropertyOrder;
import java.time.Instant;

/**
 * A ticket as its buyer sees it. WAITING: its place (null before the lottery), the queue's
 * length, an estimate of the wait (null while admission is held up) and why it is held up, if it
 * is. ADMITTED: the token for the reserve request's {@code X-Admission-Token} header and when it
 * runs out. Every answer says when to ask again.
 */
@JsonbPropertyOrder({"ticket", "status", "position", "queueLength", "estimatedWaitSeconds", "pollAfterSeconds", "reason",
        "token", "tokenExpiresAt"})
public record QueueAnswer(String ticket, QueueStatus status, Long position, long queueLength, Long estimatedWaitSeconds,
                          int pollAfterSeconds, WaitReason reason, String token, Instant tokenExpiresAt) {
}
