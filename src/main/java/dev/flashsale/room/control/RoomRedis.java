package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.redis.RedisScripts;
import dev.flashsale.room.entity.AdmissionClaims;
import dev.flashsale.room.entity.DrawProgress;
import dev.flashsale.room.entity.LotteryPlacing;
import dev.flashsale.room.entity.ReserveRecord;
import dev.flashsale.room.entity.Stepped;
import dev.flashsale.room.entity.TicketRelease;
import dev.flashsale.room.entity.TokenCheck;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import redis.clients.jedis.UnifiedJedis;

/**
 * The room's scripts in Redis ({@code lua/room_*.lua}, {@link RoomScript}), each answer decoded
 * into the room's typed values ({@link RoomReplies}); a failure as {@link RoomRedisCalls} answers
 * it. The room's settings, counts and figures are {@link RoomState}'s.
 */
@ApplicationScoped
public class RoomRedis {

    @Inject
    RoomRedisCalls calls;

    @Inject
    RedisScripts scripts;

    /** The most tickets one step of the draw places ({@code lua/room_draw.lua} unpacks them: Lua's stack bounds it). */
    public static final int DRAW_STEP_MAX = 2000;

    /** room_batch.lua's answer to each call, as Jedis read it, and what its round of admission did. */
    record Batched(List<?> answers, Stepped stepped) {
    }

    /**
     * Runs {@code lua/room_batch.lua} for {@code calls} calls (none: a step of admission alone): the
     * script's answer to each, in their order, as Jedis read it (each call decodes its own with
     * {@link RoomReplies}), and what its admission did.
     */
    Batched batch(SaleId saleId, List<String> args, int calls) {
        Object reply = run(RoomScript.BATCH, saleId, args);
        return new Batched(RoomReplies.answers(reply, calls), RoomReplies.stepped(reply, calls));
    }

    /** Units that holds of the sale gave back, counted once, by the node that gave them back. */
    public void unitsReturned(SaleId saleId, long units) {
        call("units returned", jedis -> jedis.hincrBy(RoomKeys.room(saleId), "unitsReturned", units));
    }

    /** A ticket leaves: the buyer left ({@code revoked} false) or a merchandiser revoked it. */
    public TicketRelease release(SaleId saleId, String ticket, boolean revoked) {
        return RoomReplies.release(run(RoomScript.RELEASE, saleId, List.of(ticket, revoked ? "V" : "L")));
    }

    /** Does a well-signed token still admit? If so, its ticket is reserving from now on. */
    public TokenCheck useToken(AdmissionClaims claims) {
        return RoomReplies.tokenCheck(run(RoomScript.USE_TOKEN, claims.saleId(),
                List.of(claims.ticket(), Long.toString(claims.expiresAtMillis()))));
    }

    /**
     * The reserve request of the ticket that {@code claims} admit was answered; {@code reservation}
     * is the idempotency key of the reservation it answered with, null for a refusal.
     */
    public ReserveRecord reserved(AdmissionClaims claims, String reservation) {
        List<String> args = reservation == null ? List.of(claims.ticket()) : List.of(claims.ticket(), reservation);
        return RoomReplies.reserveRecord(run(RoomScript.RESERVED, claims.saleId(), args));
    }

    /** The reservation of idempotency key {@code key} ended: its ticket's place is freed; how many were. */
    public long checkoutEnded(SaleId saleId, String key) {
        return RoomReplies.placesFreed(run(RoomScript.CHECKOUT_ENDED, saleId, List.of(key)));
    }

    /**
     * One step of the draw: {@code slice}, the lottery's order from place {@code firstPlace} on,
     * goes in place (a step's worth: {@code lua/room_draw.lua} takes at most {@link #DRAW_STEP_MAX}).
     */
    public DrawProgress placeLottery(SaleId saleId, long firstPlace, List<String> slice) {
        if (slice.size() > DRAW_STEP_MAX) {
            throw new IllegalArgumentException("A step of the draw places at most " + DRAW_STEP_MAX + " tickets, not " + slice.size());
        }
        List<String> args = new ArrayList<>(slice.size() + 1);
        args.add(Long.toString(firstPlace));
        args.addAll(slice);
        return RoomReplies.drawProgress(run(RoomScript.DRAW, saleId, args));
    }

    /** Ends the draw of an order of {@code places} tickets, moving at most {@code ticketsMax} unnamed pre-queue tickets. */
    public LotteryPlacing finishLottery(SaleId saleId, long places, int ticketsMax) {
        return RoomReplies.drawFinish(run(RoomScript.DRAW_FINISH, saleId, List.of(Long.toString(places), Integer.toString(ticketsMax))));
    }

    private Object run(RoomScript script, SaleId saleId, List<String> args) {
        return call(script.file(), jedis -> scripts.runForReply(jedis, script.file(), script.keys(saleId), args));
    }

    private <T> T call(String operation, Function<UnifiedJedis, T> call) {
        return calls.call(operation, call);
    }
}
