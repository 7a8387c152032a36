package dev.flashsale.room.control;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.QueueStatus;
import dev.flashsale.room.entity.Room;
import dev.flashsale.room.entity.WaitReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;

/**
 * A poll's answer to the buyer from what Redis replied: where a waiting ticket stands and when it
 * may expect its turn, an admitted ticket's signed token, or how the ticket's wait ended.
 */
@ApplicationScoped
public class PollAnswers {

    @Inject
    AdmissionTokens tokens;

    /** The answer to {@code owner}'s poll of {@code ticket} that Redis replied {@code reply} to. */
    public QueueAnswer of(Room room, KeyOwner owner, String ticket, PollReply reply) {
        int pollAfter = room.pollAfterSeconds();
        if (reply instanceof PollReply.Waiting waiting) {
            int rate = room.admissionPerSecond();
            Long estimate = waiting.reason() == null ? (waiting.position() + rate - 1) / rate : null;
            return new QueueAnswer(ticket, QueueStatus.WAITING, waiting.position(), waiting.queueLength(), estimate, pollAfter,
                    waiting.reason(), null, null);
        }
        if (reply instanceof PollReply.Admitted admitted) {
            long expiry = admitted.tokenExpiresAtMillis();
            // The token names the buyer as the storefront knows it; its ticket names the key (AdmissionCheck checks both).
            BuyerId buyer = new BuyerId(owner.unqualify(admitted.buyer()));
            String token = tokens.sign(new AdmissionClaims(room.saleId(), ticket, expiry, buyer));
            return new QueueAnswer(ticket, QueueStatus.ADMITTED, null, admitted.queueLength(), 0L, pollAfter, null, token,
                    Instant.ofEpochMilli(expiry));
        }
        if (reply instanceof PollReply.PreQueued preQueued) {
            return new QueueAnswer(ticket, QueueStatus.WAITING, null, preQueued.preQueueLength(), null, pollAfter,
                    WaitReason.LOTTERY_PENDING, null, null);
        }
        PollReply.Over over = (PollReply.Over) reply;
        return new QueueAnswer(ticket, over.status(), null, over.queueLength(), null, pollAfter, null, null, null);
    }
}
