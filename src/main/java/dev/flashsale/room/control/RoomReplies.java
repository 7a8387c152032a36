package dev.flashsale.room.control;

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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The room scripts' replies, as Jedis reads them (integers as {@code Long}, strings as
 * {@code byte[]}, tables as lists), decoded into the room's typed answers. The integer codes of
 * {@code lua/room_*.lua} are read here and nowhere else; each script's header documents them.
 * A reply outside a script's documented answers is a defect, and fails loudly.
 */
final class RoomReplies {

    private static final String BATCH = "room_batch";

    private RoomReplies() {
    }

    /** room_batch.lua's answers to {@code calls} calls, one each, each yet to be decoded as its call's. */
    static List<?> answers(Object reply, int calls) {
        if (reply instanceof List<?> answers && answers.size() == calls + 1) {
            return answers.subList(0, calls);
        }
        throw ScriptReply.undocumented(BATCH, reply);
    }

    /** What room_batch.lua's round of admission did, after its answers to {@code calls} calls. */
    static Stepped stepped(Object reply, int calls) {
        answers(reply, calls);
        ScriptReply answer = ScriptReply.of(BATCH, ((List<?>) reply).get(calls));
        if (answer.values().size() < 4) {
            return new Stepped(answer.number(0), answer.number(1));
        }
        List<Stepped.AdmittedTicket> tickets = new ArrayList<>();
        for (int i = 4; i + 1 < answer.values().size(); i += 2) {
            tickets.add(new Stepped.AdmittedTicket(answer.text(i), answer.text(i + 1)));
        }
        return new Stepped(answer.number(0), answer.number(1), answer.number(2), answer.number(3), tickets);
    }

    /** room_batch.lua's answer to a ticket taken. */
    static TakeReply take(Object reply) {
        ScriptReply answer = ScriptReply.of(BATCH, reply);
        return switch ((int) answer.number(0)) {
            case 1, 0 -> new TakeReply.Ticket(answer.text(1), answer.number(0) == 1, poll(answer.from(2)));
            case -1 -> new NoRoom();
            case -2 -> new TakeReply.RoomOff();
            case -3 -> new TakeReply.QueueNotOpen(Instant.ofEpochMilli(answer.number(1)));
            case -6 -> new TakeReply.QueueFull(answer.number(1));
            default -> throw answer.undocumented();
        };
    }

    /** room_batch.lua's answer to a ticket polled (and the poll within its answer to a ticket taken). */
    static PollReply poll(Object reply) {
        ScriptReply answer = ScriptReply.of(BATCH, reply);
        return switch ((int) answer.number(0)) {
            case 1 -> new PollReply.Waiting(answer.number(1), answer.number(2), waitReason(answer));
            case 2 -> new PollReply.Admitted(answer.number(1), answer.number(2), answer.text(3));
            case 3 -> new PollReply.PreQueued(Instant.ofEpochMilli(answer.number(1)), answer.number(2));
            case 4 -> new PollReply.Over(QueueStatus.SOLD_OUT, answer.number(1));
            case 5 -> new PollReply.Over(QueueStatus.EXPIRED, answer.number(1));
            case 6 -> new PollReply.Over(QueueStatus.LEFT, answer.number(1));
            case 7 -> new PollReply.Over(QueueStatus.REVOKED, answer.number(1));
            case 8 -> new PollReply.Over(QueueStatus.CHECKOUT_ENDED, answer.number(1));
            case -1 -> new NoRoom();
            case -4 -> new PollReply.NoSuchTicket();
            case -5 -> new PollReply.LotteryDue();
            default -> throw answer.undocumented();
        };
    }

    static TicketRelease release(Object reply) {
        return ScriptReply.coded("room_release", reply, Map.of(1, TicketRelease.RELEASED, 0, TicketRelease.ALREADY_GONE,
                -1, TicketRelease.NO_SUCH_TICKET));
    }

    static TokenCheck tokenCheck(Object reply) {
        return ScriptReply.coded("room_use_token", reply, Map.of(1, TokenCheck.STANDS, 0, TokenCheck.WITHDRAWN,
                -1, TokenCheck.NO_SUCH_TICKET, -2, TokenCheck.EXPIRED));
    }

    /** room_draw.lua's answer: the lottery's places in the queue after the step, or why nothing was placed. */
    static DrawProgress drawProgress(Object reply) {
        int code = ScriptReply.code("room_draw", reply);
        return switch (code) {
            case -1 -> new DrawProgress(LotteryPlacing.NO_ROOM, 0);
            case -2 -> new DrawProgress(LotteryPlacing.PLACED_BEFORE, 0);
            default -> {
                if (code < 0) {
                    throw ScriptReply.undocumented("room_draw", reply);
                }
                yield new DrawProgress(LotteryPlacing.PLACING, code);
            }
        };
    }

    static LotteryPlacing drawFinish(Object reply) {
        return ScriptReply.coded("room_draw_finish", reply, Map.of(1, LotteryPlacing.PLACED_NOW, 0, LotteryPlacing.PLACED_BEFORE,
                -1, LotteryPlacing.NO_ROOM, -3, LotteryPlacing.UNFINISHED, 2, LotteryPlacing.UNFINISHED));
    }

    static ReserveRecord reserveRecord(Object reply) {
        return ScriptReply.coded("room_reserved", reply, Map.of(1, ReserveRecord.RECORDED, 0, ReserveRecord.NOT_RESERVING));
    }

    /** room_checkout_ended.lua's answer: how many tickets' places were freed. */
    static long placesFreed(Object reply) {
        long freed = ScriptReply.code("room_checkout_ended", reply);
        if (freed < 0) {
            throw ScriptReply.undocumented("room_checkout_ended", reply);
        }
        return freed;
    }

    private static WaitReason waitReason(ScriptReply answer) {
        return switch ((int) answer.number(3)) {
            case 0 -> null;
            case 1 -> WaitReason.PAUSED;
            case 2 -> WaitReason.NO_UNITS_FREE;
            case 3 -> WaitReason.ROOM_FULL;
            default -> throw answer.undocumented();
        };
    }
}
