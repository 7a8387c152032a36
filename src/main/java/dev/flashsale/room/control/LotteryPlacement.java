package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.room.entity.DrawProgress;
import dev.flashsale.room.entity.LotteryPlacing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Puts a drawn order in place in Redis a step at a time ({@code lua/room_draw.lua}), then ends the
 * draw ({@code lua/room_draw_finish.lua}), resuming from what Redis says is placed: every call
 * places a step or ends the draw, and others placing the same room at once only shorten it.
 */
@ApplicationScoped
public class LotteryPlacement {

    @Inject
    RoomRedis redis;

    @Inject
    RoomState state;

    /** How the placing ended, in how many calls, the longest of them. */
    public record Placed(LotteryPlacing outcome, long calls, long longestMillis) {
    }

    /** Places {@code order} (the lottery's, place 1 first), {@code step} tickets a call. */
    public Placed place(SaleId saleId, List<String> order, int step) {
        int size = order.size();
        int from = 0;
        long calls = 0;
        long longestNanos = 0;
        long callsMax = 4L * (size / step + 1) + 16;
        LotteryPlacing outcome = LotteryPlacing.PLACING;
        while (outcome != LotteryPlacing.PLACED_NOW && outcome != LotteryPlacing.PLACED_BEFORE && outcome != LotteryPlacing.NO_ROOM) {
            if (++calls > callsMax) {
                throw new IllegalStateException("The draw of sale " + saleId + " did not end in " + callsMax + " calls");
            }
            long callStarted = System.nanoTime();
            if (from < size) {
                DrawProgress progress = redis.placeLottery(saleId, from + 1L, order.subList(from, Math.min(size, from + step)));
                outcome = progress.placing();
                from = (int) Math.min(size, progress.places());
            } else {
                outcome = redis.finishLottery(saleId, size, step);
                if (outcome == LotteryPlacing.UNFINISHED) {
                    from = (int) Math.min(size, state.counter(saleId, "drawPlaced"));
                }
            }
            longestNanos = Math.max(longestNanos, System.nanoTime() - callStarted);
        }
        return new Placed(outcome, calls, TimeUnit.NANOSECONDS.toMillis(longestNanos));
    }
}
