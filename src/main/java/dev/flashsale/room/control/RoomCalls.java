package dev.flashsale.room.control;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.line.RequestLine;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.Stepped;
import dev.flashsale.room.entity.TakeReply;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A room's tickets taken and polled on this node, carried to Redis together: a call that finds
 * its room's line idle goes to Redis at once, alone; calls that arrive meanwhile queue, and when
 * it returns, the first of them carries everyone queued by then ({@code lua/room_batch.lua}, at
 * most {@code flashsale.room.batch-max} calls). Under light load each call goes alone and waits
 * for nobody; under a crowd, one round trip and one round of the room's housekeeping and
 * admission serve the requests of one round trip's time, which is what lets a node answer a
 * crowd's polls at about the pace it answers anything.
 */
@ApplicationScoped
public class RoomCalls {

    @Inject
    RoomRedis redis;

    @Inject
    RoomStock stock;

    @Inject
    RoomMetrics metrics;

    @Inject
    RoomSteps steps;

    @Inject
    AdmissionEvents admissions;

    @Inject
    @ConfigProperty(name = "flashsale.room.batch-max")
    int batchMax;

    @Inject
    @ConfigProperty(name = "flashsale.room.line-max")
    int lineMax;

    @Inject
    @ConfigProperty(name = "flashsale.room.wait-ms")
    long waitMillis;

    private final ConcurrentHashMap<SaleId, RequestLine<RoomCall<?>>> lines = new ConcurrentHashMap<>();

    /** A ticket for {@code owner}'s buyer ({@code newTicket} when the buyer has none), and where it stands. */
    public TakeReply take(SaleId saleId, KeyOwner owner, BuyerId buyerId, String newTicket) {
        return call(saleId, RoomCall.take(owner, buyerId, newTicket));
    }

    /** Where the ticket stands. */
    public PollReply poll(SaleId saleId, String ticket) {
        return call(saleId, RoomCall.poll(ticket));
    }

    private <A> A call(SaleId saleId, RoomCall<A> me) {
        RequestLine<RoomCall<?>> line = lines.computeIfAbsent(saleId, unused -> new RequestLine<>(lineMax));
        RequestLine.Place place = line.join(me);
        if (place == RequestLine.Place.FULL) {
            throw unavailable();
        }
        if (place == RequestLine.Place.LEAD) {
            lead(saleId, line, me);
        } else {
            switch (me.await(line, waitMillis)) {
                case LEAD -> lead(saleId, line, me);
                case GAVE_UP -> throw unavailable();
                case ANSWERED -> {
                }
            }
        }
        return me.answer();
    }

    /** Carries the leader and everyone queued behind it to Redis, answers each, then hands the lead on. */
    private void lead(SaleId saleId, RequestLine<RoomCall<?>> line, RoomCall<?> leader) {
        List<RoomCall<?>> group = line.groupLedBy(leader, Math.max(1, batchMax));
        Stepped stepped = null;
        try {
            List<String> args = stock.of(saleId).arguments();
            group.forEach(call -> args.addAll(call.arguments()));
            RoomRedis.Batched batched = redis.batch(saleId, args, group.size());
            List<?> answers = batched.answers();
            metrics.carried(group.size());
            stepped = batched.stepped();
            steps.tokenRunsOut(saleId, stepped.nextTokenExpiryMillis());
            for (int i = 0; i < group.size(); i++) {
                group.get(i).answer(answers.get(i), group.get(i) != leader);
            }
        } catch (RuntimeException failed) {
            group.forEach(call -> call.fail(failed, call != leader));
        } finally {
            handOver(line);
        }
        if (stepped != null) {
            admissions.admitted(saleId, stepped);
        }
    }

    private static void handOver(RequestLine<RoomCall<?>> line) {
        Optional<RoomCall<?>> next = line.handOver();
        while (next.isPresent() && !next.get().lead()) {
            next = line.handOver();
        }
    }

    /** The room's answer when Redis, or this node's line to it, cannot answer now: 503, retry in a moment. */
    public static ProblemException unavailable() {
        return ProblemException.retryLater("room-unavailable", "Waiting room unavailable",
                "The waiting room cannot answer just now; ask again in a moment");
    }
}
