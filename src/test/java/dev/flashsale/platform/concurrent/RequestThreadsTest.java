package dev.flashsale.platform.concurrent;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RequestThreadsTest {

    private final RequestThreads threads = new RequestThreads();

    @AfterEach
    void close() {
        threads.close();
    }

    /** Before the door opens them, a task still runs, and never on the caller's thread (a request's, which must return first). */
    @Test
    void beforeTheyOpenATaskRunsOnAThreadOfItsOwn() throws Exception {
        assertNotSame(Thread.currentThread(), ranOn(threads));
    }

    /** Open, each task runs in the door's wrapping, on one of the threads, never the caller's. */
    @Test
    void openEachTaskRunsInTheDoorsWrapping() throws Exception {
        threads.threads = 2;
        List<String> wrapped = new CopyOnWriteArrayList<>();
        threads.open(task -> () -> {
            wrapped.add("begin");
            task.run();
            wrapped.add("end");
        });
        Thread ran = ranOn(threads);
        assertNotSame(Thread.currentThread(), ran);
        assertTrue(ran.getName().startsWith("flashsale-request-"), ran.getName());
        // The wrapping ends after the task has answered the caller: wait for it, bounded.
        await().atMost(Duration.ofSeconds(10)).until(() -> wrapped.size() == 2);
        assertEquals(List.of("begin", "end"), wrapped);
    }

    /** A room's next call must run even when the door's context fails to begin: it runs without it. */
    @Test
    void aTaskWhoseContextFailsToBeginRunsAllTheSame() throws Exception {
        threads.threads = 1;
        threads.open(task -> () -> {
            throw new IllegalStateException("The container refused the invocation");
        });
        assertTrue(ranOn(threads).getName().startsWith("flashsale-request-"));
    }

    /** Closed, a task runs as before they opened: on a thread of its own. */
    @Test
    void closedATaskRunsOnAThreadOfItsOwn() throws Exception {
        threads.threads = 1;
        threads.open(task -> task);
        threads.close();
        Thread ran = ranOn(threads);
        assertNotSame(Thread.currentThread(), ran);
        assertEquals("flashsale-request-alone", ran.getName());
    }

    private static Thread ranOn(RequestThreads threads) throws Exception {
        CompletableFuture<Thread> ran = new CompletableFuture<>();
        threads.execute(() -> ran.complete(Thread.currentThread()));
        return ran.get(10, TimeUnit.SECONDS);
    }
}
