package dev.flashsale.room.boundary;

import dev.flashsale.platform.concurrent.Detached;
import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.control.LotteryPlacement;
import dev.flashsale.room.control.RoomCalls;
import dev.flashsale.room.control.RoomKeys;
import dev.flashsale.room.control.RoomMetrics;
import dev.flashsale.room.control.RoomRedis;
import dev.flashsale.room.control.RoomRefusals;
import dev.flashsale.room.control.RoomState;
import dev.flashsale.room.control.Rooms;
import dev.flashsale.room.entity.LotteryPlacing;
import dev.flashsale.room.entity.Room;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A room's lottery, drawn at its opening second in bounded steps, in the background of the poll
 * that found it due. The pre-queue is read from Redis a step's worth at a time, the order
 * computed and recorded in PostgreSQL with the public record ({@link LotteryDraw}: whichever node
 * comes first records; the others get its order), then put in place in Redis a slice per call
 * ({@code lua/room_draw.lua}) and ended ({@code lua/room_draw_finish.lua}), by {@link LotteryPlacement}. Every step is
 * idempotent and resumes from what Redis says is placed, so several nodes may draw one room at
 * once, and a node that dies mid-draw leaves the rest to the next poll on any node. A room whose
 * pre-queue fits in one step is drawn before its poll is answered; a larger one's polls are told
 * to keep waiting ({@code LOTTERY_PENDING}) until the draw ends.
 */
@ApplicationScoped
public class SteppedDraw {

    private static final Logger LOG = Logger.getLogger(SteppedDraw.class.getName());

    /** The draw of one room running on this node, and whether its pre-queue fits in one step. */
    private record Drawing(CompletableFuture<Void> done, boolean small) {
    }

    @Inject
    RoomState state;

    @Inject
    LotteryPlacement placement;

    @Inject
    LotteryDraw draw;

    @Inject
    Rooms rooms;

    @Inject
    RoomMetrics metrics;

    @Inject
    Detached detached;

    @Inject
    @ConfigProperty(name = "flashsale.room.draw-step-tickets")
    int stepTickets;

    @Inject
    @ConfigProperty(name = "flashsale.room.draw-wait-ms")
    long waitMillis;

    private final Map<SaleId, Drawing> drawings = new ConcurrentHashMap<>();

    /**
     * Starts the room's draw on this node, unless it runs here already. When the pre-queue fits in
     * one step, the answer comes once the draw is over, on the thread that ended it, or after
     * {@code flashsale.room.draw-wait-ms}, on the JDK's timer thread; else at once.
     *
     * @return whether the draw is over (ask Redis again), false while it runs; 503 when it failed
     */
    public CompletableFuture<Boolean> drawOrAwait(Room room) {
        SaleId saleId = room.saleId();
        Drawing drawing = drawings.computeIfAbsent(saleId, this::start);
        if (!drawing.small()) {
            return CompletableFuture.completedFuture(drawing.done().isDone() && !drawing.done().isCompletedExceptionally());
        }
        return drawing.done().handle((drawn, failed) -> {
            if (failed != null) {
                throw RoomCalls.unavailable();
            }
            return true;
        }).completeOnTimeout(false, waitMillis, TimeUnit.MILLISECONDS);
    }

    private Drawing start(SaleId saleId) {
        boolean small = state.size(RoomKeys.preQueue(saleId)) <= step();
        CompletableFuture<Void> done = new CompletableFuture<>();
        Drawing drawing = new Drawing(done, small);
        detached.run(() -> {
            try {
                drawNow(saleId);
                done.complete(null);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Lottery of sale " + saleId + " not drawn; the next poll that finds it due draws again", e);
                done.completeExceptionally(e);
            } finally {
                drawings.remove(saleId, drawing);
            }
        });
        return drawing;
    }

    private void drawNow(SaleId saleId) {
        long started = System.nanoTime();
        int step = step();
        Room room = rooms.fresh(saleId).orElseThrow(() -> RoomRefusals.roomNotFound(saleId));
        List<String> order = draw.record(saleId, room.drawn() ? List.of() : state.preQueue(saleId, step));
        long ordered = System.nanoTime();
        LotteryPlacement.Placed placed = placement.place(saleId, order, step);
        rooms.fresh(saleId);
        if (placed.outcome() == LotteryPlacing.PLACED_NOW) {
            metrics.lotteryDrawn();
        }
        LotteryPlacing ended = placed.outcome();
        // A room Redis lost meanwhile is loaded again by the poll that asks next, and drawn again then.
        LOG.info(() -> "Lottery of sale " + saleId + " drawn: " + order.size() + " ticket(s), ordered and recorded in "
                + TimeUnit.NANOSECONDS.toMillis(ordered - started) + " ms, placed in " + placed.calls() + " Redis call(s) in "
                + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - ordered) + " ms (longest " + placed.longestMillis() + " ms)"
                + (ended == LotteryPlacing.PLACED_NOW ? "" : ended == LotteryPlacing.PLACED_BEFORE
                ? " (another node ended it)" : " (not placed: Redis has no room)"));
    }

    private int step() {
        return Math.max(1, Math.min(RoomRedis.DRAW_STEP_MAX, stepTickets));
    }
}
