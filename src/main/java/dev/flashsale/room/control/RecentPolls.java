package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.QueueStatus;
import dev.flashsale.room.entity.WaitReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What this node learnt of each waiting or admitted ticket at its last poll in Redis, so that a
 * ticket polled again within {@code flashsale.room.poll-memory-ms} (half a second by default) is
 * answered from memory: a waiting one with its position and estimate as they were then, an
 * admitted one with the token it was given then (until that token runs out). Only those two
 * answers are kept (not a WAITING of the pre-queue, whose poll after the opening draws the
 * lottery): a ticket's admission, and what a leave, a revoke or the end of its checkout did, are
 * Redis' to tell, and any node tells them once the time is up (a token answered from memory after
 * its ticket was revoked reserves nothing: the reserve asks Redis whether it still stands).
 * What this node does to a sale's room (a leave, a revoke, a checkout that ends, a pause or a
 * resume, a step of admission after units came back or that admitted, {@link RoomSteps}) forgets
 * all it learnt of that sale at once.
 *
 * <p>Each ticket learnt first forgets the memories whose time is up, oldest first ({@link
 * OldestFirst}): no request walks the memories kept. About {@code flashsale.room.poll-memory-max}
 * memories are held, those forgotten since included until their time is up; past that, polls go
 * to Redis as before. A memory stamped later than the clock (the clock stepped back) is stale.
 * An answer is written in JSON once, when it is learnt: a ticket answered again from memory is
 * sent the same bytes.
 */
@ApplicationScoped
public class RecentPolls {

    /** What was learnt of a ticket, and when. */
    private record Known(WrittenAnswer answered, long learntAtMillis) {

        QueueAnswer answer() {
            return answered.answer();
        }
    }

    @Inject
    @ConfigProperty(name = "flashsale.room.poll-memory-ms")
    long memoryMillis;

    @Inject
    @ConfigProperty(name = "flashsale.room.poll-memory-max")
    int maxTickets;

    private final Map<SaleId, Map<String, Known>> known = new ConcurrentHashMap<>();
    private final OldestFirst<Known> inOrder = new OldestFirst<>();
    private LongSupplier clock = System::currentTimeMillis;

    RecentPolls(long memoryMillis, int maxTickets, LongSupplier clock) {
        this.memoryMillis = memoryMillis;
        this.maxTickets = maxTickets;
        this.clock = clock;
    }

    RecentPolls() {
    }

    /** The ticket's WAITING or ADMITTED answer learnt lately, or null: Redis must be asked. */
    public WrittenAnswer recent(SaleId saleId, String ticket) {
        Map<String, Known> ofSale = known.get(saleId);
        Known last = ofSale == null ? null : ofSale.get(ticket);
        if (last == null) {
            return null;
        }
        long now = clock.getAsLong();
        if (stale(last, now) || tokenRanOut(last.answer(), now)) {
            ofSale.remove(ticket, last);
            return null;
        }
        return last.answered();
    }

    /**
     * Redis' answer to a poll of the ticket, with its JSON: kept when it is WAITING or ADMITTED,
     * else what was kept is forgotten.
     */
    public WrittenAnswer learnt(SaleId saleId, String ticket, QueueAnswer answer) {
        WrittenAnswer answered = WrittenAnswer.of(answer);
        if (!kept(answer) || memoryMillis <= 0) {
            forget(saleId, ticket);
            return answered;
        }
        long now = clock.getAsLong();
        inOrder.forgetStale(memory -> stale(memory, now));
        if (inOrder.size() >= maxTickets) {
            return answered;
        }
        Known fresh = new Known(answered, now);
        Map<String, Known> ofSale = known.computeIfAbsent(saleId, sale -> new ConcurrentHashMap<>());
        ofSale.put(ticket, fresh);
        inOrder.learnt(ofSale, ticket, fresh);
        return answered;
    }

    private boolean stale(Known memory, long now) {
        return now - memory.learntAtMillis() >= memoryMillis || now < memory.learntAtMillis();
    }

    /** A waiting ticket's place (not one of the pre-queue, whose poll after the opening draws the lottery), or an admission. */
    private static boolean kept(QueueAnswer answer) {
        return answer.status() == QueueStatus.WAITING && answer.reason() != WaitReason.LOTTERY_PENDING
                || answer.status() == QueueStatus.ADMITTED && answer.tokenExpiresAt() != null;
    }

    private static boolean tokenRanOut(QueueAnswer answer, long now) {
        return answer.tokenExpiresAt() != null && answer.tokenExpiresAt().toEpochMilli() <= now;
    }

    /** What this node learnt of the ticket, forgotten. */
    public void forget(SaleId saleId, String ticket) {
        Map<String, Known> ofSale = known.get(saleId);
        if (ofSale != null) {
            ofSale.remove(ticket);
        }
    }

    /** What this node learnt of the sale's tickets, forgotten: its room changed here. */
    public void forgetSale(SaleId saleId) {
        known.remove(saleId);
    }

    /** The tickets answered from memory now, as far as this node knows without asking the clock. */
    int size() {
        return known.values().stream().mapToInt(Map::size).sum();
    }
}
