package dev.flashsale.platform.line;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RequestLineTest {

    @Test
    void theFirstRequestLeadsAtOnceAndTheOthersQueue() {
        RequestLine<String> line = new RequestLine<>(64);

        assertEquals(RequestLine.Place.LEAD, line.join("a"));
        assertEquals(RequestLine.Place.QUEUED, line.join("b"));
        assertEquals(RequestLine.Place.QUEUED, line.join("c"));
        assertEquals(List.of("a"), line.groupLedBy("a", 64).subList(0, 1));
    }

    @Test
    void aGroupTakesTheQueuedInArrivalOrderUpToItsLimitAndTheNextLeaderIsTheFirstLeftOver() {
        RequestLine<String> line = new RequestLine<>(64);
        line.join("lead");
        for (String waiter : List.of("b", "c", "d", "e")) {
            line.join(waiter);
        }

        assertEquals(List.of("lead", "b", "c"), line.groupLedBy("lead", 3));
        assertEquals(Optional.of("d"), line.handOver());
        assertEquals(List.of("d", "e"), line.groupLedBy("d", 3));
        assertEquals(Optional.empty(), line.handOver());
        assertEquals(RequestLine.Place.LEAD, line.join("f"), "an idle line lets the next request lead at once");
    }

    @Test
    void theLeaderOfAnEmptyLineRunsAloneAndLeavesItIdle() {
        RequestLine<String> line = new RequestLine<>(64);
        line.join("alone");

        assertEquals(List.of("alone"), line.groupLedBy("alone", 64));
        assertEquals(Optional.empty(), line.handOver());
        assertEquals(RequestLine.Place.LEAD, line.join("next"));
    }

    @Test
    void aFullLineTurnsTheNextRequestAwayUntilAGroupLeavesRoom() {
        RequestLine<String> line = new RequestLine<>(2);
        line.join("lead");
        assertEquals(RequestLine.Place.QUEUED, line.join("b"));
        assertEquals(RequestLine.Place.QUEUED, line.join("c"));

        assertEquals(RequestLine.Place.FULL, line.join("d"));
        assertEquals(List.of("lead", "b"), line.groupLedBy("lead", 2));
        assertEquals(RequestLine.Place.QUEUED, line.join("e"), "the group took one waiter out: room for one");
        assertEquals(RequestLine.Place.FULL, line.join("f"));
    }

    /** Under contention every request is served exactly once and no two groups run at once. */
    @Test
    void everyRequestIsInExactlyOneGroupAndGroupsNeverOverlap() throws Exception {
        int requests = 20_000;
        RequestLine<Integer> line = new RequestLine<>(requests);
        List<Integer> served = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger running = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        CountDownLatch done = new CountDownLatch(requests);
        ExecutorService threads = Executors.newFixedThreadPool(8);
        for (int i = 0; i < requests; i++) {
            int request = i;
            threads.execute(() -> {
                if (line.join(request) == RequestLine.Place.LEAD) {
                    Optional<Integer> leader = Optional.of(request);
                    while (leader.isPresent()) {
                        if (running.incrementAndGet() > 1) {
                            overlaps.incrementAndGet();
                        }
                        List<Integer> group = line.groupLedBy(leader.get(), 7);
                        served.addAll(group);
                        group.forEach(member -> done.countDown());
                        running.decrementAndGet();
                        leader = line.handOver();
                    }
                }
            });
        }
        assertTrue(done.await(30, TimeUnit.SECONDS), "some request was never served");
        threads.shutdown();

        assertEquals(0, overlaps.get());
        assertEquals(requests, served.size());
        assertEquals(requests, served.stream().distinct().count());
    }
}
