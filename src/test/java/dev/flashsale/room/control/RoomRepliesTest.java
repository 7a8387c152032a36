package dev.flashsale.room.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Every answer each room script documents, as Jedis hands it over (integers as Long, strings as
 * bytes), decoded into its typed value; and answers no script documents refused loudly.
 */
class RoomRepliesTest {

    @Test
    void aPollDecodesEveryDocumentedAnswer() {
        assertEquals(new PollReply.Waiting(3, 7, null), RoomReplies.poll(List.of(1L, 3L, 7L, 0L)));
        assertEquals(new PollReply.Waiting(3, 7, WaitReason.PAUSED), RoomReplies.poll(List.of(1L, 3L, 7L, 1L)));
        assertEquals(new PollReply.Waiting(3, 7, WaitReason.NO_UNITS_FREE), RoomReplies.poll(List.of(1L, 3L, 7L, 2L)));
        assertEquals(new PollReply.Waiting(3, 7, WaitReason.ROOM_FULL), RoomReplies.poll(List.of(1L, 3L, 7L, 3L)));
        assertEquals(new PollReply.Admitted(1_900_000_000_123L, 4, "buyer-1"),
                RoomReplies.poll(List.of(2L, bytes("1900000000123"), 4L, bytes("buyer-1"))), "the expiry comes as a string");
        assertEquals(new PollReply.PreQueued(Instant.ofEpochMilli(1_900_000_000_000L), 12),
                RoomReplies.poll(List.of(3L, bytes("1900000000000"), 12L)));
        assertEquals(new PollReply.Over(QueueStatus.SOLD_OUT, 5), RoomReplies.poll(List.of(4L, 5L)));
        assertEquals(new PollReply.Over(QueueStatus.EXPIRED, 5), RoomReplies.poll(List.of(5L, 5L)));
        assertEquals(new PollReply.Over(QueueStatus.LEFT, 5), RoomReplies.poll(List.of(6L, 5L)));
        assertEquals(new PollReply.Over(QueueStatus.REVOKED, 5), RoomReplies.poll(List.of(7L, 5L)));
        assertEquals(new PollReply.Over(QueueStatus.CHECKOUT_ENDED, 5), RoomReplies.poll(List.of(8L, 5L)));
        assertEquals(new NoRoom(), RoomReplies.poll(List.of(-1L)));
        assertEquals(new PollReply.NoSuchTicket(), RoomReplies.poll(List.of(-4L)));
        assertEquals(new PollReply.LotteryDue(), RoomReplies.poll(List.of(-5L)));
    }

    @Test
    void aTakeDecodesItsTicketWithThatTicketsPoll() {
        assertEquals(new TakeReply.Ticket("t_new", true, new PollReply.Waiting(1, 1, null)),
                RoomReplies.take(List.of(1L, bytes("t_new"), 1L, 1L, 1L, 0L)));
        assertEquals(new TakeReply.Ticket("t_own", false, new PollReply.Over(QueueStatus.LEFT, 0)),
                RoomReplies.take(List.of(0L, bytes("t_own"), 6L, 0L)));
        assertEquals(new TakeReply.Ticket("t_own", false, new PollReply.LotteryDue()),
                RoomReplies.take(List.of(0L, bytes("t_own"), -5L)));
        assertEquals(new NoRoom(), RoomReplies.take(List.of(-1L)));
        assertEquals(new TakeReply.RoomOff(), RoomReplies.take(List.of(-2L)));
        assertEquals(new TakeReply.QueueNotOpen(Instant.ofEpochMilli(1_900_000_000_000L)),
                RoomReplies.take(List.of(-3L, bytes("1900000000000"))));
    }

    @Test
    void theOtherScriptsDecodeTheirCodes() {
        assertEquals(TicketRelease.RELEASED, RoomReplies.release(1L));
        assertEquals(TicketRelease.ALREADY_GONE, RoomReplies.release(0L));
        assertEquals(TicketRelease.NO_SUCH_TICKET, RoomReplies.release(-1L));
        assertEquals(TokenCheck.STANDS, RoomReplies.tokenCheck(1L));
        assertEquals(TokenCheck.WITHDRAWN, RoomReplies.tokenCheck(0L));
        assertEquals(TokenCheck.NO_SUCH_TICKET, RoomReplies.tokenCheck(-1L));
        assertEquals(TokenCheck.EXPIRED, RoomReplies.tokenCheck(-2L));
        assertEquals(new DrawProgress(LotteryPlacing.PLACING, 0), RoomReplies.drawProgress(0L));
        assertEquals(new DrawProgress(LotteryPlacing.PLACING, 2000), RoomReplies.drawProgress(2000L));
        assertEquals(new DrawProgress(LotteryPlacing.PLACED_BEFORE, 0), RoomReplies.drawProgress(-2L));
        assertEquals(new DrawProgress(LotteryPlacing.NO_ROOM, 0), RoomReplies.drawProgress(-1L));
        assertEquals(LotteryPlacing.PLACED_NOW, RoomReplies.drawFinish(1L));
        assertEquals(LotteryPlacing.PLACED_BEFORE, RoomReplies.drawFinish(0L));
        assertEquals(LotteryPlacing.UNFINISHED, RoomReplies.drawFinish(2L));
        assertEquals(LotteryPlacing.UNFINISHED, RoomReplies.drawFinish(-3L));
        assertEquals(LotteryPlacing.NO_ROOM, RoomReplies.drawFinish(-1L));
        assertEquals(ReserveRecord.RECORDED, RoomReplies.reserveRecord(1L));
        assertEquals(ReserveRecord.NOT_RESERVING, RoomReplies.reserveRecord(0L));
        assertEquals(0, RoomReplies.placesFreed(0L));
        assertEquals(3, RoomReplies.placesFreed(3L));
    }

    @Test
    void aBatchAnswersEachCallOnceThenSaysWhatItsAdmissionDidOrIsRefused() {
        List<Object> two = List.of(List.of(-1L), List.of(-1L), List.of(1L, 1_700_000_000_000L));
        assertEquals(two.subList(0, 2), RoomReplies.answers(two, 2));
        assertEquals(new Stepped(1, 1_700_000_000_000L), RoomReplies.stepped(two, 2));
        assertEquals(new Stepped(0, 0), RoomReplies.stepped(List.of(List.of(0L, 0L)), 0));
        refused(() -> RoomReplies.answers(two, 3), "room_batch");
        refused(() -> RoomReplies.answers(two, 1), "room_batch");
        refused(() -> RoomReplies.answers(-1L, 1), "room_batch");
    }

    @Test
    void aBatchNamesTheTicketsItAdmittedWithTheirBuyersAndHowManyWereReoffered() {
        byte[] ticket = "t_a".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] buyer = "owner/b1".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        List<Object> reply = List.of(List.of(2L, 1_700_000_000_000L, 1L, 1_700_000_060_000L, ticket, buyer, "t_b", "owner/b2"));
        assertEquals(new Stepped(2, 1_700_000_000_000L, 1, 1_700_000_060_000L,
                List.of(new Stepped.AdmittedTicket("t_a", "owner/b1"), new Stepped.AdmittedTicket("t_b", "owner/b2"))),
                RoomReplies.stepped(reply, 0));
    }

    @Test
    void answersNoScriptDocumentsAreRefusedWithTheScriptsName() {
        refused(() -> RoomReplies.poll(List.of(9L, 1L)), "room_batch");
        refused(() -> RoomReplies.poll(List.of(1L, 3L, 7L, 4L)), "room_batch");
        refused(() -> RoomReplies.poll(List.of(1L, 3L)), "room_batch");
        refused(() -> RoomReplies.poll(List.of(2L, bytes("soon"), 4L, bytes("buyer-1"))), "room_batch");
        refused(() -> RoomReplies.poll(List.of()), "room_batch");
        refused(() -> RoomReplies.take(List.of(1L)), "room_batch");
        refused(() -> RoomReplies.take(List.of(-4L)), "room_batch");
        refused(() -> RoomReplies.release(2L), "room_release");
        refused(() -> RoomReplies.release(List.of(1L)), "room_release");
        refused(() -> RoomReplies.tokenCheck(-3L), "room_use_token");
        refused(() -> RoomReplies.drawProgress(-3L), "room_draw");
        refused(() -> RoomReplies.drawFinish(3L), "room_draw_finish");
        refused(() -> RoomReplies.reserveRecord(-1L), "room_reserved");
        refused(() -> RoomReplies.placesFreed(-1L), "room_checkout_ended");
    }

    private static void refused(Executable decoding, String script) {
        IllegalStateException refused = assertThrows(IllegalStateException.class, decoding);
        assertTrue(refused.getMessage().startsWith("lua/" + script + ".lua answered "), refused.getMessage());
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
