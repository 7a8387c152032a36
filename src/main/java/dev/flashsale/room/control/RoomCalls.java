package dev.flashsale.room.control;

import dev.flashsale.platform.concurrent.RequestThreads;
import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.line.RequestLine;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.entity.PollReply;
import dev.flashsale.room.entity.TakeReply;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A room's tickets taken and polled on this node, carried to Redis together: a call that finds
 * its room's line idle goes to Redis at once, alone, on its request's thread; calls that arrive
 * meanwhile queue (their requests held open, their threads gone on to others where the door can
 * hold a request), and when the call returns, the first of them carries everyone queued by then
 * ({@code lua/room_batch.lua}, at most {@code flashsale.room.batch-max} calls) on one of the
 * {@link RequestThreads}, while the thread that ran the call answers the calls it carried. Under
 * light load each call goes alone and waits for nobody; under a crowd, one round trip and one
 * round of the room's housekeeping and admission serve the requests of one round trip's time.
 */
@ApplicationScoped
public class RoomCalls {

    @Inject
    RoomBatch batch;

    @Inject
    @ConfigProperty(name = "flashsale.room.batch-max")
    int batchMax;

    @Inject
    @ConfigProperty(name = "flashsale.room.line-max")
    int lineMax;

    @Inject
    @ConfigProperty(name = "flashsale.room.wait-ms")
    long waitMillis;

    @Inject
    RequestThreads threads;

    private final ConcurrentHashMap<SaleId, RequestLine<RoomCall<?>>> lines = new ConcurrentHashMap<>();

    /**
     * A ticket for {@code owner}'s buyer ({@code newTicket} when the buyer has none), and where it
     * stands, once its Redis call returns: at once when the room's line is idle (the call runs on
     * the caller's thread), else when the call it queued for has run, on the thread that ran it.
     */
    public CompletableFuture<TakeReply> take(SaleId saleId, KeyOwner owner, BuyerId buyerId, String newTicket) {
        return call(saleId, RoomCall.take(owner, buyerId, newTicket));
    }

    /** Where the ticket stands, as {@link #take} answers. */
    public CompletableFuture<PollReply> poll(SaleId saleId, String ticket) {
        return call(saleId, RoomCall.poll(ticket));
    }

    private <A> CompletableFuture<A> call(SaleId saleId, RoomCall<A> me) {
        RequestLine<RoomCall<?>> line = lines.computeIfAbsent(saleId, unused -> new RequestLine<>(lineMax));
        RequestLine.Place place = line.join(me);
        if (place == RequestLine.Place.FULL) {
            me.fail(unavailable());
        } else if (place == RequestLine.Place.LEAD) {
            lead(saleId, line, me);
        }
        return me.answer();
    }

    /**
     * Carries the leader and everyone queued behind it to Redis, hands the lead of the next call to
     * another thread, then answers each (what each request does next runs here). A call that
     * waited longer than {@code flashsale.room.wait-ms} is answered 503 at once instead of carried.
     */
    private void lead(SaleId saleId, RequestLine<RoomCall<?>> line, RoomCall<?> leader) {
        List<RoomCall<?>> group = inTime(line.groupLedBy(leader, Math.max(1, batchMax)));
        RoomRedis.Batched batched = null;
        RuntimeException failure = null;
        try {
            batched = group.isEmpty() ? null : batch.carry(saleId, group);
        } catch (RuntimeException failed) {
            failure = failed;
        } finally {
            handOver(saleId, line);
        }
        for (int i = 0; i < group.size(); i++) {
            if (failure == null) {
                group.get(i).answer(batched.answers().get(i));
            } else {
                group.get(i).fail(failure);
            }
        }
        if (batched != null) {
            batch.admitted(saleId, batched.stepped());
        }
    }

    /** The calls that have not waited too long; the others are answered 503. */
    private List<RoomCall<?>> inTime(List<RoomCall<?>> queued) {
        long now = System.nanoTime();
        long waitNanos = TimeUnit.MILLISECONDS.toNanos(waitMillis);
        List<RoomCall<?>> inTime = new ArrayList<>(queued.size());
        for (RoomCall<?> call : queued) {
            if (call.waitedLongerThan(waitNanos, now)) {
                call.fail(unavailable());
            } else {
                inTime.add(call);
            }
        }
        return inTime;
    }

    /** The next call in line, if any, leads on another thread: its own request's thread has gone on. */
    private void handOver(SaleId saleId, RequestLine<RoomCall<?>> line) {
        line.handOver().ifPresent(next -> threads.execute(() -> lead(saleId, line, next)));
    }

    /** The room's answer when Redis, or this node's line to it, cannot answer now: 503, retry in a moment. */
    public static ProblemException unavailable() {
        return ProblemException.retryLater("room-unavailable", "Waiting room unavailable",
                "The waiting room cannot answer just now; ask again in a moment");
    }
}
