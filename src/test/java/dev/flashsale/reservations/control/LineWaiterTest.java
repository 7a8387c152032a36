package dev.flashsale.reservations.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.BuyerId;
import dev.flashsale.platform.id.IdempotencyKey;
import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.platform.line.RequestLine;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.reservations.entity.ReserveAnswer;
import dev.flashsale.reservations.entity.ReserveCommand;
import dev.flashsale.stock.entity.Sku;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

/** No request waits in a checkout line without a deadline, and none that gave up stalls the line. */
class LineWaiterTest {

    private final LongAdder gaveUp = new LongAdder();
    private final RequestLine<LineWaiter> line = new RequestLine<>(64);

    @Test
    void aRequestStillQueuedAtItsDeadlineLeavesTheLineWith503Busy() {
        LineWaiter leader = waiter("lead");
        LineWaiter late = waiter("late");
        line.join(leader);
        line.join(late);

        ProblemException refused = assertThrows(ProblemException.class, () -> late.await(line, 50, gaveUp::increment));

        assertEquals(503, refused.status());
        assertEquals("busy", refused.toProblem().type().substring(refused.toProblem().type().lastIndexOf('/') + 1));
        assertEquals(List.of(leader), line.groupLedBy(leader, 64), "it is no longer in line");
        assertEquals(1, gaveUp.sum());
    }

    @Test
    void aRequestTakenIntoAGroupWaitsForTheGroupsAnswer() throws Exception {
        LineWaiter leader = waiter("lead");
        LineWaiter member = waiter("member");
        line.join(leader);
        line.join(member);
        assertEquals(List.of(leader, member), line.groupLedBy(leader, 64));
        ReserveAnswer answer = ReserveAnswer.refused(ProblemException.conflict("sold-out", "Sold out", "none left"));

        CompletableFuture<LineWaiter.Turn> waited = CompletableFuture.supplyAsync(() -> member.await(line, 100, gaveUp::increment));
        Thread.sleep(150);
        member.answer(answer, true);

        assertEquals(LineWaiter.Turn.ANSWERED, waited.get());
        assertSame(answer, member.answer());
        assertEquals(0, gaveUp.sum());
    }

    @Test
    void aGroupStuckPastBothDeadlinesIsGivenUpAndTheLeadSkipsTheOneWhoGaveUp() {
        LineWaiter leader = waiter("lead");
        LineWaiter member = waiter("member");
        LineWaiter next = waiter("next");
        line.join(leader);
        line.join(member);
        line.groupLedBy(leader, 64);

        ProblemException unknown = assertThrows(ProblemException.class, () -> member.await(line, 30, gaveUp::increment));
        assertEquals(503, unknown.status());
        assertTrue(unknown.getMessage().contains("Idempotency-Key"), unknown.getMessage());
        assertFalse(member.lead(), "a request that gave up cannot be handed the lead");

        line.join(next);
        Optional<LineWaiter> handed = line.handOver();
        assertEquals(Optional.of(next), handed);
        assertTrue(handed.get().lead());
    }

    private static LineWaiter waiter(String key) {
        return new LineWaiter(new ReserveCommand(new IdempotencyKey(KeyOwner.CONFIGURED, key), new Sku("SKU-1"), new BuyerId("b"), 1));
    }
}
