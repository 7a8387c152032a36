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
import java.nio.charset.StandardCharsets;
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
        throw undocumented(BATCH, reply);
    }

    /** What room_batch.lua's round of admission did, after its answers to {@code calls} calls. */
    static Stepped stepped(Object reply, int calls) {
        answers(reply, calls);
        Answer answer = Answer.of(BATCH, ((List<?>) reply).get(calls));
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
        Answer answer = Answer.of(BATCH, reply);
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
        Answer answer = Answer.of(BATCH, reply);
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
        return coded("room_release", reply, Map.of(1, TicketRelease.RELEASED, 0, TicketRelease.ALREADY_GONE,
                -1, TicketRelease.NO_SUCH_TICKET));
    }

    static TokenCheck tokenCheck(Object reply) {
        return coded("room_use_token", reply, Map.of(1, TokenCheck.STANDS, 0, TokenCheck.WITHDRAWN,
                -1, TokenCheck.NO_SUCH_TICKET, -2, TokenCheck.EXPIRED));
    }

    /** room_draw.lua's answer: the lottery's places in the queue after the step, or why nothing was placed. */
    static DrawProgress drawProgress(Object reply) {
        int code = code("room_draw", reply);
        return switch (code) {
            case -1 -> new DrawProgress(LotteryPlacing.NO_ROOM, 0);
            case -2 -> new DrawProgress(LotteryPlacing.PLACED_BEFORE, 0);
            default -> {
                if (code < 0) {
                    throw undocumented("room_draw", reply);
                }
                yield new DrawProgress(LotteryPlacing.PLACING, code);
            }
        };
    }

    static LotteryPlacing drawFinish(Object reply) {
        return coded("room_draw_finish", reply, Map.of(1, LotteryPlacing.PLACED_NOW, 0, LotteryPlacing.PLACED_BEFORE,
                -1, LotteryPlacing.NO_ROOM, -3, LotteryPlacing.UNFINISHED, 2, LotteryPlacing.UNFINISHED));
    }

    static ReserveRecord reserveRecord(Object reply) {
        return coded("room_reserved", reply, Map.of(1, ReserveRecord.RECORDED, 0, ReserveRecord.NOT_RESERVING));
    }

    /** room_checkout_ended.lua's answer: how many tickets' places were freed. */
    static long placesFreed(Object reply) {
        long freed = code("room_checkout_ended", reply);
        if (freed < 0) {
            throw undocumented("room_checkout_ended", reply);
        }
        return freed;
    }

    private static WaitReason waitReason(Answer answer) {
        return switch ((int) answer.number(3)) {
            case 0 -> null;
            case 1 -> WaitReason.PAUSED;
            case 2 -> WaitReason.NO_UNITS_FREE;
            case 3 -> WaitReason.ROOM_FULL;
            default -> throw answer.undocumented();
        };
    }

    /** The value a script's lone integer answer stands for, by {@code answers}. */
    private static <T> T coded(String script, Object reply, Map<Integer, T> answers) {
        T answer = answers.get(code(script, reply));
        if (answer == null) {
            throw undocumented(script, reply);
        }
        return answer;
    }

    /** A script's lone integer answer; a code out of int's range is as undocumented as any other. */
    private static int code(String script, Object reply) {
        if (reply instanceof Long code && code == code.intValue()) {
            return code.intValue();
        }
        throw undocumented(script, reply);
    }

    private static IllegalStateException undocumented(String script, Object reply) {
        return new IllegalStateException("lua/" + script + ".lua answered " + readable(reply) + ", which it does not document");
    }

    private static String readable(Object reply) {
        if (reply instanceof byte[] bytes) {
            return '"' + new String(bytes, StandardCharsets.UTF_8) + '"';
        }
        if (reply instanceof List<?> list) {
            return list.stream().map(RoomReplies::readable).toList().toString();
        }
        return String.valueOf(reply);
    }

    /** A table answered by a script, read element by element. */
    private record Answer(String script, List<?> values) {

        static Answer of(String script, Object reply) {
            if (reply instanceof List<?> list && !list.isEmpty()) {
                return new Answer(script, list);
            }
            throw RoomReplies.undocumented(script, reply);
        }

        /** The answer from element {@code index} on, as a table of its own. */
        List<?> from(int index) {
            return values.subList(Math.min(index, values.size()), values.size());
        }

        /** An integer; Lua answers some as strings (a hash field read back, such as a time in ms). */
        long number(int index) {
            Object value = element(index);
            if (value instanceof Long number) {
                return number;
            }
            try {
                return Long.parseLong(text(index));
            } catch (NumberFormatException notANumber) {
                throw undocumented();
            }
        }

        String text(int index) {
            Object value = element(index);
            if (value instanceof byte[] bytes) {
                return new String(bytes, StandardCharsets.UTF_8);
            }
            if (value instanceof String || value instanceof Long) {
                return value.toString();
            }
            throw undocumented();
        }

        IllegalStateException undocumented() {
            return RoomReplies.undocumented(script, values);
        }

        private Object element(int index) {
            if (index >= values.size()) {
                throw undocumented();
            }
            return values.get(index);
        }
    }
}
