package dev.flashsale.room.control;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.QueueStatus;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RecentPollsTest {

    private static final SaleId SALE = new SaleId(UUID.randomUUID());
    private final AtomicLong now = new AtomicLong(1_000);
    private final RecentPolls polls = new RecentPolls(500, 3, now::get);

    @Test
    void aWaitingTicketIsAnsweredFromMemoryUntilItsTimeIsUp() {
        QueueAnswer waiting = answer("t_1", QueueStatus.WAITING);
        polls.learnt(SALE, "t_1", waiting);
        now.addAndGet(499);
        assertEquals(waiting, polls.recent(SALE, "t_1").answer());
        assertNull(polls.recent(new SaleId(UUID.randomUUID()), "t_1"), "another sale's ticket of the same name");
        now.addAndGet(1);
        assertNull(polls.recent(SALE, "t_1"), "half a second on: Redis is asked again");
        assertEquals(0, polls.size(), "and the ticket forgotten");
    }

    /** A poll answered again from memory is sent the bytes written when the answer was learnt, not JSON written anew. */
    @Test
    void anAnswerIsWrittenInJsonOnceWhenItIsLearnt() {
        QueueAnswer admitted = admitted("t_1", now.get() + 300);
        WrittenAnswer learnt = polls.learnt(SALE, "t_1", admitted);
        assertArrayEquals(QueueAnswerJson.bytes(admitted), learnt.json());
        assertSame(learnt.json(), polls.recent(SALE, "t_1").json(), "the same bytes, asked again");
        assertSame(learnt.json(), polls.recent(SALE, "t_1").json());
        QueueAnswer left = answer("t_2", QueueStatus.LEFT);
        assertArrayEquals(QueueAnswerJson.bytes(left), polls.learnt(SALE, "t_2", left).json(), "an answer not kept is written too");
    }

    @Test
    void onlyWaitingAndAdmittedAreKeptAndAnythingElseForgetsIt() {
        RecentPolls polls = new RecentPolls(500, 10, now::get);
        polls.learnt(SALE, "t_1", answer("t_1", QueueStatus.WAITING));
        polls.learnt(SALE, "t_1", answer("t_1", QueueStatus.LEFT));
        assertNull(polls.recent(SALE, "t_1"), "a ticket that left is never answered from memory");
        polls.learnt(SALE, "t_2", answer("t_2", QueueStatus.WAITING));
        polls.learnt(SALE, "t_3", answer("t_3", QueueStatus.WAITING));
        SaleId other = new SaleId(UUID.randomUUID());
        polls.learnt(other, "t_2", answer("t_2", QueueStatus.WAITING));
        polls.forgetSale(SALE);
        assertNull(polls.recent(SALE, "t_2"), "what this node did to the room is seen at once");
        assertNull(polls.recent(SALE, "t_3"));
        assertEquals("t_2", polls.recent(other, "t_2").answer().ticket(), "another sale's room is untouched");
        assertEquals(1, polls.size());
    }

    @Test
    void anAdmissionIsAnsweredFromMemoryWithItsTokenUntilTheTokenRunsOut() {
        QueueAnswer admitted = admitted("t_1", now.get() + 300);
        polls.learnt(SALE, "t_1", admitted);
        now.addAndGet(299);
        assertEquals(admitted, polls.recent(SALE, "t_1").answer(), "the same token, asked again");
        now.addAndGet(1);
        assertNull(polls.recent(SALE, "t_1"), "its token ran out before the memory's time: Redis is asked");
        polls.learnt(SALE, "t_2", new QueueAnswer("t_2", QueueStatus.ADMITTED, null, 10, 0L, 20, null, "token", null));
        assertNull(polls.recent(SALE, "t_2"), "an admission without its token's end is not kept");
    }

    @Test
    void aTicketOfThePreQueueIsNeverAnsweredFromMemory() {
        polls.learnt(SALE, "t_1", new QueueAnswer("t_1", QueueStatus.WAITING, null, 4, null, 20,
                dev.flashsale.room.entity.WaitReason.LOTTERY_PENDING, null, null));
        assertNull(polls.recent(SALE, "t_1"), "its poll after the opening draws the lottery");
    }

    @Test
    void atMostSoManyTicketsAreKeptTheStaleOnesGivingWayFirst() {
        for (int i = 1; i <= 3; i++) {
            polls.learnt(SALE, "t_" + i, answer("t_" + i, QueueStatus.WAITING));
        }
        polls.learnt(SALE, "t_4", answer("t_4", QueueStatus.WAITING));
        assertNull(polls.recent(SALE, "t_4"), "full: not kept");
        assertEquals(3, polls.size());
        now.addAndGet(500);
        polls.learnt(SALE, "t_5", answer("t_5", QueueStatus.WAITING));
        assertEquals(1, polls.size(), "the stale ones made room");
        assertEquals("t_5", polls.recent(SALE, "t_5").answer().ticket());
    }

    /** Each ticket learnt forgets the stale memories at the queue's head: a crowd never waits for a walk over them all. */
    @Test
    void staleMemoriesAreForgottenAsNewOnesAreLearntBelowTheBoundToo() {
        RecentPolls roomy = new RecentPolls(500, 1_000, now::get);
        roomy.learnt(SALE, "t_1", answer("t_1", QueueStatus.WAITING));
        roomy.learnt(SALE, "t_2", answer("t_2", QueueStatus.WAITING));
        now.addAndGet(500);
        roomy.learnt(SALE, "t_3", answer("t_3", QueueStatus.WAITING));
        assertEquals(1, roomy.size(), "the two stale ones went as the third was learnt");
    }

    /** What is held is the bound: a memory forgotten keeps its place until its time is up. */
    @Test
    void aForgottenMemoryHoldsItsPlaceUntilItsTimeIsUp() {
        for (int i = 1; i <= 3; i++) {
            polls.learnt(SALE, "t_" + i, answer("t_" + i, QueueStatus.WAITING));
            polls.forget(SALE, "t_" + i);
        }
        polls.learnt(SALE, "t_4", answer("t_4", QueueStatus.WAITING));
        assertNull(polls.recent(SALE, "t_4"), "three places held by what was forgotten");
        now.addAndGet(500);
        polls.learnt(SALE, "t_4", answer("t_4", QueueStatus.WAITING));
        assertEquals("t_4", polls.recent(SALE, "t_4").answer().ticket(), "their time up, the places are free");
    }

    @Test
    void aClockThatStepsBackLeavesNothingAnsweredFromMemory() {
        polls.learnt(SALE, "t_1", answer("t_1", QueueStatus.WAITING));
        polls.learnt(SALE, "t_2", answer("t_2", QueueStatus.WAITING));
        now.addAndGet(-10_000);
        assertNull(polls.recent(SALE, "t_1"), "learnt in what is now the future");
        polls.learnt(SALE, "t_3", answer("t_3", QueueStatus.WAITING));
        assertEquals(1, polls.size(), "the memories stamped after the clock's time forgotten as t_3 was learnt");
        assertEquals("t_3", polls.recent(SALE, "t_3").answer().ticket());
    }

    @Test
    void aTicketLearntAgainOutlivesItsEarlierMemory() {
        polls.learnt(SALE, "t_1", answer("t_1", QueueStatus.WAITING));
        now.addAndGet(300);
        QueueAnswer later = new QueueAnswer("t_1", QueueStatus.WAITING, 2L, 10, 1L, 20, null, null, null);
        polls.learnt(SALE, "t_1", later);
        now.addAndGet(200);
        polls.learnt(SALE, "t_2", answer("t_2", QueueStatus.WAITING));
        assertEquals(later, polls.recent(SALE, "t_1").answer(), "the first memory's time is up, not the second's");
        assertArrayEquals(QueueAnswerJson.bytes(later), polls.recent(SALE, "t_1").json(), "and its JSON, not the first's");
        assertEquals(2, polls.size());
    }

    @Test
    void aMemoryOfNoTimeKeepsNothing() {
        RecentPolls off = new RecentPolls(0, 3, now::get);
        off.learnt(SALE, "t_1", answer("t_1", QueueStatus.WAITING));
        assertNull(off.recent(SALE, "t_1"));
        assertEquals(0, off.size());
    }

    private static QueueAnswer admitted(String ticket, long tokenExpiresAtMillis) {
        return new QueueAnswer(ticket, QueueStatus.ADMITTED, null, 10, 0L, 20, null, "token", Instant.ofEpochMilli(tokenExpiresAtMillis));
    }

    private static QueueAnswer answer(String ticket, QueueStatus status) {
        return new QueueAnswer(ticket, status, 3L, 10, 1L, 20, null, null, null);
    }
}
