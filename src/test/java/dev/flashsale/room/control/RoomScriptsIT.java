package dev.flashsale.room.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.room.control.RoomKeys.Key;
import dev.flashsale.room.entity.DrawProgress;
import dev.flashsale.room.entity.LotteryPlacing;
import dev.flashsale.room.entity.NoRoom;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.QueueStatus;
import dev.flashsale.room.entity.ReserveRecord;
import dev.flashsale.room.entity.Stepped;
import dev.flashsale.room.entity.TakeReply;
import dev.flashsale.room.entity.TicketRelease;
import dev.flashsale.room.entity.TokenCheck;
import dev.flashsale.room.entity.WaitReason;
import dev.flashsale.testsupport.TestRedis;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.UnifiedJedis;

/**
 * The room's scripts in lua/, each called directly against a real Redis on the keys the product
 * passes ({@link RoomScript}) for a sale of its own, branch by branch: every answer each header
 * documents, read through the product's decoder, and what each answer left in Redis
 * ({@link RoomScriptsOnClusterIT}: the same on a Redis Cluster).
 */
@Tag("room")
class RoomScriptsIT {

    private static final long TOKEN_MS = 60_000;

    private final RedisScripts scripts = new RedisScripts();
    UnifiedJedis redis;
    private SaleId sale;
    /** The sale's units as the calling node last read them: available, held, and the room's done count before. */
    private long available = 100;
    private long held;
    private long doneBefore;

    /** The Redis the scripts run on. */
    UnifiedJedis connect() {
        return new JedisPooled("127.0.0.1", TestRedis.port());
    }

    @BeforeEach
    void connectAndLoad() {
        scripts.load();
        redis = connect();
        sale = new SaleId(UUID.randomUUID());
    }

    @AfterEach
    void cleanUpAndDisconnect() {
        RoomKeys.all(sale).forEach(redis::del);
        redis.close();
    }

    // room_batch.lua: any call

    @Test
    void withoutTheRoomInRedisEveryCallIsToldToLoadItAndNothingIsWritten() {
        List<?> answers = batch("T", "buyer-1", "t_new", "P", "t_other", "");
        assertEquals(new NoRoom(), RoomReplies.take(answers.get(0)));
        assertEquals(new NoRoom(), RoomReplies.poll(answers.get(1)));
        RoomKeys.all(sale).forEach(key -> assertFalse(redis.exists(key), key + " written"));
    }

    // room_batch.lua: tickets taken

    @Test
    void aNewTicketQueuesBehindTheLotterysPlacesAndIsPolledAtOnce() {
        room(Map.of());
        placeInQueue("t_drawn", 1);
        assertEquals(new TakeReply.Ticket("t_new", true, new PollReply.Waiting(2, 2, null)), take("buyer-1", "t_new"));
        assertEquals(List.of("t_drawn", "t_new"), redis.zrange(Key.QUEUE.of(sale), 0, -1));
        assertEquals("t_new", redis.hget(Key.TICKETS.of(sale), "buyer-1"));
        assertEquals("buyer-1", redis.hget(Key.OWNERS.of(sale), "t_new"));
        assertEquals("W", redis.hget(Key.STATE.of(sale), "t_new"));
        assertTrue(redis.zscore(Key.SEEN.of(sale), "t_new") != null, "its missed-poll clock runs");
    }

    @Test
    void aBuyerWithATicketGetsItBackNotASecondOne() {
        room(Map.of());
        take("buyer-1", "t_first");
        assertEquals(new TakeReply.Ticket("t_first", false, new PollReply.Waiting(1, 1, null)), take("buyer-1", "t_second"));
        assertNull(redis.hget(Key.STATE.of(sale), "t_second"));
        assertEquals("1", redis.hget(Key.ROOM.of(sale), "seq"));
    }

    @Test
    void aRoomTurnedOffTakesNoNewTicketButAnswersTheBuyersOwn() {
        room(Map.of());
        take("buyer-1", "t_first");
        redis.hset(Key.ROOM.of(sale), "enabled", "0");
        assertEquals(new TakeReply.RoomOff(), take("buyer-2", "t_refused"));
        assertNull(redis.hget(Key.TICKETS.of(sale), "buyer-2"));
        assertEquals(new TakeReply.Ticket("t_first", false, new PollReply.Waiting(1, 1, null)), take("buyer-1", "t_again"));
    }

    @Test
    void beforeThePreQueueOpensNoTicketIsTaken() {
        long preOpens = System.currentTimeMillis() + 3_600_000;
        room(Map.of("drawn", "0", "preOpensMs", Long.toString(preOpens), "opensMs", Long.toString(preOpens + 3_600_000)));
        assertEquals(new TakeReply.QueueNotOpen(Instant.ofEpochMilli(preOpens)), take("buyer-1", "t_early"));
        assertNull(redis.hget(Key.ROOM.of(sale), "seq"));
        assertFalse(redis.exists(Key.TICKETS.of(sale)));
    }

    // room_batch.lua: before the lottery

    @Test
    void beforeTheOpeningSecondANewTicketWaitsInThePreQueue() {
        long opens = System.currentTimeMillis() + 3_600_000;
        room(Map.of("drawn", "0", "opensMs", Long.toString(opens)));
        PollReply.PreQueued preQueued = new PollReply.PreQueued(Instant.ofEpochMilli(opens), 1);
        assertEquals(new TakeReply.Ticket("t_early", true, preQueued), take("buyer-1", "t_early"));
        assertEquals(List.of("t_early"), redis.zrange(Key.PRE_QUEUE.of(sale), 0, -1));
        assertFalse(redis.exists(Key.QUEUE.of(sale)), "the lottery places it, not its arrival");
        assertEquals(preQueued, poll("t_early"));
        assertEquals(new PollReply.NoSuchTicket(), poll("t_missing"));
    }

    @Test
    void onceTheOpeningSecondHasPassedNothingIsAnsweredUntilTheLotteryIsPlaced() {
        room(Map.of("drawn", "0", "opensMs", Long.toString(System.currentTimeMillis() + 3_600_000)));
        take("buyer-1", "t_early");
        redis.hset(Key.ROOM.of(sale), "opensMs", Long.toString(System.currentTimeMillis() - 1_000));

        assertEquals(new PollReply.LotteryDue(), poll("t_early"));
        assertEquals(new TakeReply.Ticket("t_late", true, new PollReply.LotteryDue()), take("buyer-2", "t_late"));
        assertEquals(List.of("t_early"), redis.zrange(Key.PRE_QUEUE.of(sale), 0, -1), "the pre-queue waits for the draw");

        assertEquals(LotteryPlacing.PLACED_NOW, draw("t_early"));
        assertEquals(new PollReply.Waiting(1, 2, null), poll("t_early"));
        assertEquals(new PollReply.Waiting(2, 2, null), poll("t_late"), "taken after the opening: behind the lottery's places");
    }

    @Test
    void aTicketThatLeftThePreQueueIsToldSoBeforeTheLottery() {
        room(Map.of("drawn", "0", "opensMs", Long.toString(System.currentTimeMillis() + 3_600_000)));
        take("buyer-1", "t_early");
        assertEquals(TicketRelease.RELEASED, release("t_early", "L"));
        assertEquals(new PollReply.Over(QueueStatus.LEFT, 0), poll("t_early"));
    }

    // room_batch.lua: after the lottery, where a ticket stands

    @Test
    void aTicketNobodyTookIsNotFound() {
        room(Map.of());
        assertEquals(new PollReply.NoSuchTicket(), poll("t_missing"));
    }

    @Test
    void eachEndOfATicketIsAnsweredAsSuch() {
        room(Map.of());
        placeInQueue("t_waiting", 1);
        redis.hset(Key.STATE.of(sale), Map.of("t_left", "L", "t_revoked", "V", "t_ended", "C", "t_missed", "X",
                "t_ran_out", "A:" + (System.currentTimeMillis() - 1_000)));
        List<?> answers = batch("P", "t_left", "", "P", "t_revoked", "", "P", "t_ended", "", "P", "t_missed", "",
                "P", "t_ran_out", "");
        assertEquals(new PollReply.Over(QueueStatus.LEFT, 1), RoomReplies.poll(answers.get(0)));
        assertEquals(new PollReply.Over(QueueStatus.REVOKED, 1), RoomReplies.poll(answers.get(1)));
        assertEquals(new PollReply.Over(QueueStatus.CHECKOUT_ENDED, 1), RoomReplies.poll(answers.get(2)));
        assertEquals(new PollReply.Over(QueueStatus.EXPIRED, 1), RoomReplies.poll(answers.get(3)));
        assertEquals(new PollReply.Over(QueueStatus.EXPIRED, 1), RoomReplies.poll(answers.get(4)), "its token ran out");
    }

    @Test
    void aTicketThatMissedItsPollsLosesItsPlaceAndTheOthersMoveUp() {
        room(Map.of("missMs", "5000"));
        placeInQueue("t_gone", 1);
        placeInQueue("t_live", 2);
        redis.zadd(Key.SEEN.of(sale), System.currentTimeMillis() - 10_000, "t_gone");
        assertEquals(new PollReply.Waiting(1, 1, null), poll("t_live"));
        assertEquals(new PollReply.Over(QueueStatus.EXPIRED, 1), poll("t_gone"));
        assertEquals("X", redis.hget(Key.STATE.of(sale), "t_gone"));
        assertFalse(redis.zscore(Key.SEEN.of(sale), "t_live") < System.currentTimeMillis() - 5_000, "a poll restarts its clock");
    }

    @Test
    void aClosedSaleAnswersEveryWaitingTicketSoldOut() {
        room(Map.of());
        startAdmission(10);
        placeInQueue("t_waiting", 1);
        available = 0;
        held = 0;
        assertEquals(new PollReply.Over(QueueStatus.SOLD_OUT, 1), poll("t_waiting"));
        assertEquals("W", redis.hget(Key.STATE.of(sale), "t_waiting"), "units that come back find it in its place");
        assertNull(redis.hget(Key.ROOM.of(sale), "admittedTotal"));
    }

    // room_batch.lua: admission

    @Test
    void admissionLetsInAsManyAsTheRateAllowsFromTheHead() {
        room(Map.of());
        startAdmission(2);
        placeInQueue("t_1", 1);
        placeInQueue("t_2", 2);
        placeInQueue("t_3", 3);
        long before = System.currentTimeMillis();
        List<?> answers = batch("P", "t_1", "", "P", "t_2", "", "P", "t_3", "");
        long after = System.currentTimeMillis();

        for (int i = 0; i < 2; i++) {
            PollReply.Admitted admitted = assertInstanceOf(PollReply.Admitted.class, RoomReplies.poll(answers.get(i)));
            assertEquals("buyer-t_" + (i + 1), admitted.buyer());
            assertEquals(1, admitted.queueLength());
            assertTrue(admitted.tokenExpiresAtMillis() >= before + TOKEN_MS && admitted.tokenExpiresAtMillis() <= after + TOKEN_MS,
                    "the token runs for tokenMs from Redis' clock");
        }
        assertEquals(new PollReply.Waiting(1, 1, null), RoomReplies.poll(answers.get(2)));
        assertEquals("2", redis.hget(Key.ROOM.of(sale), "admittedTotal"));
        assertEquals(List.of("t_1", "t_2"), redis.zrange(Key.ADMITTED.of(sale), 0, -1));
        assertEquals(List.of("t_1", "t_2"), redis.zrange(Key.ACTIVE.of(sale), 0, -1));
        // Its next admission half a second away, whatever a busy machine made of the calls since:
        // the bucket's last fill a minute ahead, so that it does not fill again during this poll.
        redis.hset(Key.ROOM.of(sale), "last", Long.toString(System.currentTimeMillis() + 60_000));
        assertEquals(new PollReply.Waiting(1, 1, null), poll("t_3"), "the bucket is empty until it fills again");
    }

    @Test
    void aPausedRoomAdmitsNobodyAndSaysWhy() {
        room(Map.of("paused", "1"));
        startAdmission(10);
        placeInQueue("t_1", 1);
        assertEquals(new PollReply.Waiting(1, 1, WaitReason.PAUSED), poll("t_1"));
        assertFalse(redis.exists(Key.ADMITTED.of(sale)));
    }

    @Test
    void aFullRoomAdmitsNoMoreThanMaxActiveAndSaysWhy() {
        room(Map.of("maxActive", "1"));
        startAdmission(10);
        placeInQueue("t_1", 1);
        placeInQueue("t_2", 2);
        assertInstanceOf(PollReply.Admitted.class, poll("t_1"));
        assertEquals(new PollReply.Waiting(1, 1, WaitReason.ROOM_FULL), poll("t_2"));
        assertEquals(1, redis.zcard(Key.ACTIVE.of(sale)));
    }

    @Test
    void noMoreBuyersAreAdmittedThanUnitsAreFree() {
        room(Map.of());
        startAdmission(10);
        placeInQueue("t_1", 1);
        placeInQueue("t_2", 2);
        available = 1;
        held = 5;
        assertInstanceOf(PollReply.Admitted.class, poll("t_1"));
        assertEquals(new PollReply.Waiting(1, 1, WaitReason.NO_UNITS_FREE), poll("t_2"), "holds may come back: not sold out");
    }

    @Test
    void unitsBeingReservedOrReservedSinceTheReadingCountAsTaken() {
        room(Map.of("done", "1"));
        startAdmission(10);
        placeInQueue("t_1", 1);
        redis.zadd(Key.RESERVING.of(sale), System.currentTimeMillis(), "t_reserving");
        available = 2;
        doneBefore = 0;
        assertEquals(new PollReply.Waiting(1, 1, WaitReason.NO_UNITS_FREE), poll("t_1"),
                "2 available - 1 on its way - 1 answered since the reading");
    }

    @Test
    void aReserveRequestThatNeverGotItsAnswerIsCountedDoneAfterAMinute() {
        room(Map.of("done", "3"));
        redis.zadd(Key.RESERVING.of(sale), System.currentTimeMillis() - 61_000, "t_lost");
        redis.zadd(Key.RESERVING.of(sale), System.currentTimeMillis(), "t_on_its_way");
        placeInQueue("t_1", 1);
        poll("t_1");
        assertEquals(List.of("t_on_its_way"), redis.zrange(Key.RESERVING.of(sale), 0, -1));
        assertEquals("4", redis.hget(Key.ROOM.of(sale), "done"));
    }

    @Test
    void tokensThatRanOutFreeTheirPlaces() {
        room(Map.of("maxActive", "1"));
        startAdmission(10);
        long past = System.currentTimeMillis() - 1_000;
        redis.hset(Key.STATE.of(sale), "t_old", "A:" + past);
        redis.zadd(Key.ADMITTED.of(sale), past, "t_old");
        redis.zadd(Key.ACTIVE.of(sale), past, "t_old");
        placeInQueue("t_1", 1);
        assertInstanceOf(PollReply.Admitted.class, poll("t_1"), "the lapsed token held no place");
        assertEquals(List.of("t_1"), redis.zrange(Key.ACTIVE.of(sale), 0, -1));
    }

    // room_draw.lua

    @Test
    void theLotteryIsPlacedOnceInItsOrderWithoutTicketsThatLeft() {
        assertEquals(LotteryPlacing.NO_ROOM, draw("t_a"));
        assertFalse(redis.exists(Key.QUEUE.of(sale)));

        room(Map.of("drawn", "0", "opensMs", Long.toString(System.currentTimeMillis() + 3_600_000)));
        take("buyer-a", "t_a");
        take("buyer-b", "t_b");
        take("buyer-c", "t_c");
        take("buyer-unnamed", "t_unnamed");
        release("t_c", "L");
        assertEquals(LotteryPlacing.PLACED_NOW, draw("t_b", "t_c", "t_a"));
        assertEquals(List.of("t_b", "t_a", "t_unnamed"), redis.zrange(Key.QUEUE.of(sale), 0, -1),
                "the lottery's order, then a pre-queued ticket it did not name");
        assertFalse(redis.exists(Key.PRE_QUEUE.of(sale)));
        assertEquals("1", redis.hget(Key.ROOM.of(sale), "drawn"));
        assertEquals("0", redis.hget(Key.ROOM.of(sale), "allowance"), "admission starts now, with an empty bucket");

        assertEquals(LotteryPlacing.PLACED_BEFORE, draw("t_a", "t_b"));
        assertEquals(List.of("t_b", "t_a", "t_unnamed"), redis.zrange(Key.QUEUE.of(sale), 0, -1));
    }

    @Test
    void theDrawGoesStepByStepAndAStepDoneTwiceOrOutOfTurnChangesNothing() {
        room(Map.of("drawn", "0", "opensMs", Long.toString(System.currentTimeMillis() + 3_600_000)));
        for (String ticket : List.of("t_1", "t_2", "t_3", "t_4", "t_5")) {
            take("buyer-" + ticket, ticket);
        }
        take("buyer-unnamed-1", "t_unnamed_1");
        take("buyer-unnamed-2", "t_unnamed_2");
        take("buyer-unnamed-3", "t_unnamed_3");
        redis.hset(Key.ROOM.of(sale), "opensMs", Long.toString(System.currentTimeMillis() - 1_000));
        assertEquals(LotteryPlacing.UNFINISHED, finishDraw(5), "no step placed yet");

        assertEquals(new DrawProgress(LotteryPlacing.PLACING, 2), drawStep(1, "t_4", "t_2"));
        assertEquals(new DrawProgress(LotteryPlacing.PLACING, 2), drawStep(4, "t_1"), "a step out of turn places nothing");
        assertEquals(new DrawProgress(LotteryPlacing.PLACING, 2), drawStep(1, "t_4", "t_2"), "the same step again");
        assertEquals(new PollReply.LotteryDue(), poll("t_4"), "no place is answered before the draw ends");
        assertEquals(new DrawProgress(LotteryPlacing.PLACING, 4), drawStep(3, "t_5", "t_1"));
        assertEquals(LotteryPlacing.UNFINISHED, finishDraw(5), "the fifth place is missing");
        assertEquals(new DrawProgress(LotteryPlacing.PLACING, 5), drawStep(5, "t_3"));
        assertEquals(List.of("t_4", "t_2", "t_5", "t_1", "t_3"), redis.zrange(Key.QUEUE.of(sale), 0, -1));
        assertEquals(3, redis.zcard(Key.PRE_QUEUE.of(sale)), "the placed tickets left the pre-queue, the unnamed ones wait");

        assertEquals(LotteryPlacing.UNFINISHED, finishDraw(5), "two unnamed tickets moved, one is left");
        assertEquals(LotteryPlacing.PLACED_NOW, finishDraw(5));
        assertEquals(List.of("t_4", "t_2", "t_5", "t_1", "t_3", "t_unnamed_1", "t_unnamed_2", "t_unnamed_3"),
                redis.zrange(Key.QUEUE.of(sale), 0, -1), "the order, then the unnamed in arrival order");
        assertFalse(redis.exists(Key.PRE_QUEUE.of(sale)));
        assertEquals(new PollReply.Waiting(2, 8, null), poll("t_2"));
        assertEquals(new DrawProgress(LotteryPlacing.PLACED_BEFORE, 0), drawStep(1, "t_1"));
        assertEquals(LotteryPlacing.PLACED_BEFORE, finishDraw(5));
    }

    @Test
    void aMissedPollClockRunsFromTheEndOfTheDrawNotFromTheTicketsStep() {
        room(Map.of("drawn", "0", "missMs", "3000", "opensMs", Long.toString(System.currentTimeMillis() + 3_600_000)));
        take("buyer-early", "t_early");
        take("buyer-late", "t_late");
        redis.hset(Key.ROOM.of(sale), "opensMs", Long.toString(System.currentTimeMillis() - 1_000));
        assertEquals(LotteryPlacing.PLACED_NOW, draw("t_early", "t_late"));
        // As if the step had placed t_early a minute before the draw ended.
        redis.zadd(Key.SEEN.of(sale), System.currentTimeMillis() - 60_000, "t_early");
        assertEquals(new PollReply.Waiting(2, 2, null), poll("t_late"));
        assertEquals(new PollReply.Waiting(1, 2, null), poll("t_early"), "its clock started when the draw ended");
    }

    // room_release.lua

    @Test
    void aTicketLeavesOrIsRevokedOnceAndFreesEverythingItHeld() {
        room(Map.of());
        placeInQueue("t_waiting", 1);
        assertEquals(TicketRelease.RELEASED, release("t_waiting", "L"));
        assertEquals("L", redis.hget(Key.STATE.of(sale), "t_waiting"));
        assertFalse(redis.exists(Key.QUEUE.of(sale)));
        assertFalse(redis.exists(Key.SEEN.of(sale)));

        long expiry = admit("t_admitted");
        assertEquals(TicketRelease.RELEASED, release("t_admitted", "V"));
        assertEquals("V", redis.hget(Key.STATE.of(sale), "t_admitted"));
        assertFalse(redis.exists(Key.ADMITTED.of(sale)));
        assertFalse(redis.exists(Key.ACTIVE.of(sale)));
        assertEquals(TokenCheck.WITHDRAWN, useToken("t_admitted", expiry));

        assertEquals(TicketRelease.ALREADY_GONE, release("t_admitted", "L"));
        assertEquals("V", redis.hget(Key.STATE.of(sale), "t_admitted"), "nothing changed");
        assertEquals(TicketRelease.NO_SUCH_TICKET, release("t_missing", "L"));
        assertNull(redis.hget(Key.STATE.of(sale), "t_missing"));
    }

    // room_use_token.lua and room_reserved.lua

    @Test
    void aTokenThatStandsMakesItsTicketReservingUntilTheAnswerIsRecorded() {
        room(Map.of());
        long expiry = admit("t_1");
        assertEquals(TokenCheck.WITHDRAWN, useToken("t_1", expiry + 1), "a token with another expiry was replaced");
        assertEquals(TokenCheck.NO_SUCH_TICKET, useToken("t_missing", expiry));
        assertEquals(List.of("t_1"), redis.zrange(Key.ADMITTED.of(sale), 0, -1), "nothing changed");

        assertEquals(TokenCheck.STANDS, useToken("t_1", expiry));
        assertFalse(redis.exists(Key.ADMITTED.of(sale)), "no longer admitted-not-reserved");
        assertEquals(List.of("t_1"), redis.zrange(Key.RESERVING.of(sale), 0, -1));
        assertEquals(List.of("t_1"), redis.zrange(Key.ACTIVE.of(sale), 0, -1), "still active");

        assertEquals(ReserveRecord.RECORDED, reserved("t_1", "key-1"));
        assertFalse(redis.exists(Key.RESERVING.of(sale)));
        assertEquals("1", redis.hget(Key.ROOM.of(sale), "done"));
        assertEquals("t_1", redis.hget(Key.CHECKOUTS.of(sale), "key-1"));

        assertEquals(ReserveRecord.NOT_RESERVING, reserved("t_1", "key-2"));
        assertEquals("1", redis.hget(Key.ROOM.of(sale), "done"), "a retry's answer is not counted twice");
        assertEquals("t_1", redis.hget(Key.CHECKOUTS.of(sale), "key-2"), "its reservation is tied to the ticket all the same");
    }

    @Test
    void aTokenPastItsExpiryOnRedisClockIsRefusedThoughItsTicketIsStillAdmitted() {
        room(Map.of());
        long ranOut = System.currentTimeMillis() - 50;
        redis.hset(Key.STATE.of(sale), "t_1", "A:" + ranOut);
        redis.zadd(Key.ADMITTED.of(sale), ranOut, "t_1");
        redis.zadd(Key.ACTIVE.of(sale), ranOut, "t_1");

        assertEquals(TokenCheck.EXPIRED, useToken("t_1", ranOut));
        assertEquals("A:" + ranOut, redis.hget(Key.STATE.of(sale), "t_1"), "nothing changed: the room's step passes its place on");
        assertEquals(List.of("t_1"), redis.zrange(Key.ADMITTED.of(sale), 0, -1));
        assertFalse(redis.exists(Key.RESERVING.of(sale)));
    }

    @Test
    void aRefusedReserveIsCountedButTiesNoReservation() {
        room(Map.of());
        long expiry = admit("t_1");
        useToken("t_1", expiry);
        assertEquals(ReserveRecord.RECORDED, reserved("t_1", null));
        assertEquals("1", redis.hget(Key.ROOM.of(sale), "done"));
        assertFalse(redis.exists(Key.CHECKOUTS.of(sale)));
    }

    @Test
    void aStepWithNoCallAdmitsCountsReturnedUnitsReofferedAndSaysWhenTheFirstTokenRunsOut() {
        room(Map.of("unitsReturned", "1"));
        startAdmission(10);
        available = 2;
        long expiry = admit("t_0");
        placeInQueue("t_1", 1);
        placeInQueue("t_2", 2);

        Stepped stepped = RoomReplies.stepped(run(RoomScript.BATCH, List.of("2", "0", "0")), 0);

        assertEquals(1, stepped.admitted(), "one unit free beside the admitted buyer's");
        assertEquals(expiry, stepped.nextTokenExpiryMillis(), "the admitted buyer's token runs out first");
        assertTrue(redis.hget(Key.STATE.of(sale), "t_1").startsWith("A:"));
        assertEquals("W", redis.hget(Key.STATE.of(sale), "t_2"));
        assertEquals("1", redis.hget(Key.ROOM.of(sale), "unitsReoffered"));
        redis.hset(Key.ROOM.of(sale), "last", Long.toString(System.currentTimeMillis() - 10_000));
        redis.zadd(Key.ADMITTED.of(sale), 1, "t_0");
        assertEquals(1, RoomReplies.stepped(run(RoomScript.BATCH, List.of("2", "0", "0")), 0).admitted(), "a token that ran out frees its unit");
        assertEquals("1", redis.hget(Key.ROOM.of(sale), "unitsReoffered"), "no more re-offered than returned");
    }

    // room_checkout_ended.lua

    @Test
    void anEndedCheckoutFreesItsTicketsPlaceOnce() {
        room(Map.of());
        long expiry = admit("t_1");
        useToken("t_1", expiry);
        reserved("t_1", "key-1");
        assertEquals(0, checkoutEnded("key-never-tied"));

        assertEquals(1, checkoutEnded("key-1"));
        assertEquals("C", redis.hget(Key.STATE.of(sale), "t_1"));
        assertFalse(redis.exists(Key.ACTIVE.of(sale)));
        assertFalse(redis.exists(Key.CHECKOUTS.of(sale)));
        assertEquals(new PollReply.Over(QueueStatus.CHECKOUT_ENDED, 0), poll("t_1"));
        assertEquals(0, checkoutEnded("key-1"), "an end seen twice frees nothing more");
    }

    @Test
    void anEndedCheckoutOfATicketNoLongerAdmittedFreesNothing() {
        room(Map.of());
        admit("t_1");
        redis.hset(Key.CHECKOUTS.of(sale), "key-1", "t_1");
        release("t_1", "V");
        assertEquals(0, checkoutEnded("key-1"));
        assertEquals("V", redis.hget(Key.STATE.of(sale), "t_1"));
        assertFalse(redis.exists(Key.CHECKOUTS.of(sale)), "the key is untied all the same");
    }

    // The room as a test sets it up, and the scripts as the product calls them.

    /**
     * A room loaded into Redis, drawn, admitting nobody until {@link #startAdmission} (a rate of 0:
     * with any other, a call that comes a little late, on a busy machine, would admit by itself);
     * {@code changes} override.
     */
    private void room(Map<String, String> changes) {
        Map<String, String> settings = new LinkedHashMap<>(Map.of("enabled", "1", "paused", "0", "rate", "0",
                "maxActive", "100", "tokenMs", Long.toString(TOKEN_MS), "missMs", "30000", "preOpensMs", "0",
                "opensMs", "0", "drawn", "1"));
        settings.putAll(changes);
        redis.hset(Key.ROOM.of(sale), settings);
    }

    /** Fills the admission bucket: {@code rate} admissions, at once. */
    private void startAdmission(int rate) {
        redis.hset(Key.ROOM.of(sale), Map.of("rate", Integer.toString(rate), "allowance", "0",
                "last", Long.toString(System.currentTimeMillis() - 10_000)));
    }

    /** A waiting ticket of buyer {@code buyer-<ticket>} at {@code place}, as the lottery puts one. */
    private void placeInQueue(String ticket, int place) {
        redis.hset(Key.TICKETS.of(sale), "buyer-" + ticket, ticket);
        redis.hset(Key.OWNERS.of(sale), ticket, "buyer-" + ticket);
        redis.hset(Key.STATE.of(sale), ticket, "W");
        redis.zadd(Key.QUEUE.of(sale), place, ticket);
        redis.zadd(Key.SEEN.of(sale), System.currentTimeMillis(), ticket);
    }

    /** An admitted ticket, as admission leaves one: the token's expiry. */
    private long admit(String ticket) {
        long expiry = System.currentTimeMillis() + TOKEN_MS;
        redis.hset(Key.STATE.of(sale), ticket, "A:" + expiry);
        redis.hset(Key.OWNERS.of(sale), ticket, "buyer-" + ticket);
        redis.zadd(Key.ADMITTED.of(sale), expiry, ticket);
        redis.zadd(Key.ACTIVE.of(sale), expiry, ticket);
        return expiry;
    }

    private TakeReply take(String buyer, String newTicket) {
        return RoomReplies.take(batch("T", buyer, newTicket).get(0));
    }

    private PollReply poll(String ticket) {
        return RoomReplies.poll(batch("P", ticket, "").get(0));
    }

    private List<?> batch(String... calls) {
        List<String> args = new ArrayList<>(List.of(Long.toString(available), Long.toString(held), Long.toString(doneBefore)));
        args.addAll(List.of(calls));
        return RoomReplies.answers(run(RoomScript.BATCH, args), calls.length / 3);
    }

    /** The whole draw of {@code order} in one step, then its end. */
    private LotteryPlacing draw(String... order) {
        DrawProgress step = drawStep(1, order);
        return step.placing() == LotteryPlacing.PLACING ? finishDraw(order.length) : step.placing();
    }

    private DrawProgress drawStep(long firstPlace, String... slice) {
        List<String> args = new ArrayList<>(List.of(Long.toString(firstPlace)));
        args.addAll(List.of(slice));
        return RoomReplies.drawProgress(run(RoomScript.DRAW, args));
    }

    private LotteryPlacing finishDraw(int places) {
        return RoomReplies.drawFinish(run(RoomScript.DRAW_FINISH, List.of(Integer.toString(places), "2")));
    }

    private TicketRelease release(String ticket, String how) {
        return RoomReplies.release(run(RoomScript.RELEASE, List.of(ticket, how)));
    }

    private TokenCheck useToken(String ticket, long expiry) {
        return RoomReplies.tokenCheck(run(RoomScript.USE_TOKEN, List.of(ticket, Long.toString(expiry))));
    }

    private ReserveRecord reserved(String ticket, String reservation) {
        return RoomReplies.reserveRecord(run(RoomScript.RESERVED,
                reservation == null ? List.of(ticket) : List.of(ticket, reservation)));
    }

    private long checkoutEnded(String... keys) {
        return RoomReplies.placesFreed(run(RoomScript.CHECKOUT_ENDED, List.of(keys)));
    }

    private Object run(RoomScript script, List<String> args) {
        return scripts.runForReply(redis, script.file(), script.keys(sale), args);
    }
}
