package dev.flashsale.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RawHttp;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Password guessing at full speed must not take the storefront down: a wrong password costs a
 * PBKDF2 hash (about 0.1 s of a core) only until the failed-login limits refuse the guesser, so
 * a guess then costs the server no more than any cheap request, and the user still logs in from
 * elsewhere. Without the limits, 300 guesses a second would need 30 cores.
 *
 * <p>The reservations' pace while guessing is set against their pace while the same number of
 * pings a second is offered the same way, in alternating rounds: both loads share the two cores
 * with the reservers, the test's own threads and the databases alike, so the ratio measures what
 * a guess costs beyond any request, not how much of the shared machine was free that minute.
 */
@Tag("core")
class LoginThrottlingIT {

    /** Rounds of pinging and guessing; the pace kept is their median, so one round the shared machine slowed does not decide. */
    private static final int ROUNDS = 5;
    private static final long ROUND_MILLIS = 3_000;
    private static final String GUESSER = "198.51.100.66";
    /** Guesses offered per second, on two pipelined connections. */
    private static final int OFFERED_PER_SECOND = 300;
    private static final int CONNECTIONS = 2;
    private static final int RESERVERS = 16;
    private static final String GUESSED_PATH = "api/admin/sales";
    private static final String PING_PATH = "api/ping";

    private final Api api = new Api(TestServer.url());
    /** Pings sent so far; every one must be answered 200. */
    private long pings;

    @Test
    void guessingPasswordsDoesNotSlowReservationsAndTheUserStillLogsIn() throws Exception {
        String user = "guessed-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "right-" + UUID.randomUUID();
        assertEquals(201, api.adminPost("api/admin/users", "{\"username\":\"" + user + "\",\"password\":\"" + password
                + "\",\"role\":\"viewer\"}").status());
        String sku = Sales.openSku(api, 1_000_000, 1, 600, "REFUSE");
        Function<Integer, String[]> guess = n -> new String[] {"Authorization",
                Api.basic(user, "wrong-" + UUID.randomUUID()), "X-Forwarded-For", GUESSER};
        Function<Integer, String[]> ping = n -> new String[] {"X-Forwarded-For", "198.51.100.88"};
        Map<Integer, AtomicLong> guessAnswers = new ConcurrentHashMap<>();
        Map<Integer, AtomicLong> pingAnswers = new ConcurrentHashMap<>();
        // Warm-up: every path compiled, and the guesser's first failures (the address's burst, a
        // hash each) spent before the measured rounds; they are counted below all the same.
        Offered warmUp = Offered.start(GUESSED_PATH, guess, guessAnswers);
        reserveFor(sku, 4_000);
        long warmUpGuesses = warmUp.stop();
        pingFor(sku, 2_000, ping, pingAnswers);

        long pinged = 0;
        long guessed = 0;
        long guesses = 0;
        long guessingMillis = 0;
        double[] kept = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            // Guessing between two halves of pinging: a machine that slows down or speeds up
            // across the round (the JIT still at work, a neighbour's load) favours neither.
            long pingedRound = pingFor(sku, ROUND_MILLIS / 2, ping, pingAnswers);
            long started = System.nanoTime();
            Offered guesser = Offered.start(GUESSED_PATH, guess, guessAnswers);
            long guessedRound = reserveFor(sku, ROUND_MILLIS);
            // The guesses offered per second count the time they were sent in, not the wait for
            // the last answers that stop() drains.
            guessingMillis += (System.nanoTime() - started) / 1_000_000;
            long sent = guesser.stop();
            pingedRound += pingFor(sku, ROUND_MILLIS / 2, ping, pingAnswers);
            System.out.printf("login throttling, round %d: %d reservations beside pings, %d beside %d guesses%n",
                    round + 1, pingedRound, guessedRound, sent);
            kept[round] = (double) guessedRound / pingedRound;
            pinged += pingedRound;
            guessed += guessedRound;
            guesses += sent;
        }

        double guessesPerSecond = guesses * 1000.0 / guessingMillis;
        Arrays.sort(kept);
        double ratio = kept[ROUNDS / 2];
        System.out.printf("login throttling: %d reservations beside pings, %d beside guesses at %.0f/s (median round ratio"
                + " %.2f); guesses answered %s, pings %s%n", pinged, guessed, guessesPerSecond, ratio, guessAnswers,
                pingAnswers);
        assertTrue(guessesPerSecond >= 250, "offered " + guessesPerSecond + " guesses/s");
        assertEquals(Set.of(200), pingAnswers.keySet(), "pings answered only 200: " + pingAnswers);
        assertEquals(pings, pingAnswers.get(200).get(), "every ping answered");
        long allGuesses = guesses + warmUpGuesses;
        assertEquals(allGuesses, guessAnswers.getOrDefault(401, new AtomicLong()).get()
                + guessAnswers.getOrDefault(429, new AtomicLong()).get(), "only 401 and 429: " + guessAnswers);
        // The address's burst (10), the guesses in flight when it ran out (a few), its refill meanwhile.
        assertTrue(guessAnswers.getOrDefault(401, new AtomicLong()).get() <= 25,
                "only the first guesses were hashed: " + guessAnswers);
        assertTrue(ratio >= 0.8, "reservations kept " + ratio + " of their pace beside as many pings");

        // The address's bucket gets a token back every 6 s, and the last pings took time since the
        // last guesses: one more guess answered 429 with at least 2 s to wait says that the bucket
        // stays empty for the next second (one answered 401 has just emptied it again).
        Api.Answer lastGuess = api.get(GUESSED_PATH, guess.apply(0));
        for (int tries = 1; tries < 10 && (lastGuess.status() != 429 || Long.parseLong(lastGuess.header("Retry-After")) < 2); tries++) {
            if (lastGuess.status() == 429) {
                Thread.sleep(1_000);
            }
            lastGuess = api.get(GUESSED_PATH, guess.apply(0));
        }
        assertEquals(429, lastGuess.status(), "a guess refused: " + lastGuess);
        Api.Answer refused = api.get("api/admin/sales", "Authorization", Api.basic(user, password),
                "X-Forwarded-For", GUESSER);
        assertEquals(429, refused.status(), "the guesser's address is refused, the right password unheard");
        assertEquals("too-many-failed-logins", refused.problemType());
        assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1);
        Api.Answer elsewhere = api.get("api/admin/sales", "Authorization", Api.basic(user, password),
                "X-Forwarded-For", "198.51.100.77");
        assertEquals(200, elsewhere.status(), "the user logs in from another address: " + elsewhere);
    }

    /** @return the reservations made in that time while pings are offered; the pings sent are counted in {@link #pings} */
    private long pingFor(String sku, long millis, Function<Integer, String[]> ping, Map<Integer, AtomicLong> answers)
            throws Exception {
        Offered pinger = Offered.start(PING_PATH, ping, answers);
        long reserved = reserveFor(sku, millis);
        pings += pinger.stop();
        return reserved;
    }

    /** @return the reservations made in that time by {@code RESERVERS} clients */
    private long reserveFor(String sku, long millis) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(RESERVERS);
        try {
            long until = System.nanoTime() + millis * 1_000_000;
            List<Future<Long>> made = new ArrayList<>();
            for (int c = 0; c < RESERVERS; c++) {
                made.add(clients.submit(() -> {
                    long count = 0;
                    try (RawHttp http = new RawHttp(TestServer.url())) {
                        while (System.nanoTime() - until < 0) {
                            String key = UUID.randomUUID().toString();
                            assertEquals(201, http.post("api/reservations", Api.reserveBody(sku, "b-" + key, 1),
                                    "Idempotency-Key", key, Api.KEY_HEADER, Api.STOREFRONT_KEY));
                            count++;
                        }
                    }
                    return count;
                }));
            }
            long total = 0;
            for (Future<Long> future : made) {
                total += future.get();
            }
            return total;
        } finally {
            clients.shutdownNow();
        }
    }

    /**
     * Requests offered at a fixed pace, whatever the answers' pace: on each of two lanes one thread
     * writes the requests on schedule (HTTP/1.1 pipelining) and another reads the answers. The
     * server closes a connection after 250 requests (Grizzly's keep-alive limit), so each lane
     * moves to a new connection every {@code PER_CONNECTION} requests.
     */
    private record Offered(ExecutorService threads, List<Future<?>> lanes, AtomicBoolean stopped, AtomicLong sent) {

        private static final int PER_CONNECTION = 200;

        /** One connection of a lane: the requests written on it so far, and whether that is all. */
        private record Batch(RawHttp http, AtomicLong written, AtomicBoolean complete) {
        }

        static Offered start(String path, Function<Integer, String[]> headers, Map<Integer, AtomicLong> answers) {
            Offered offered = new Offered(Executors.newFixedThreadPool(2 * CONNECTIONS), new ArrayList<>(),
                    new AtomicBoolean(), new AtomicLong());
            for (int c = 0; c < CONNECTIONS; c++) {
                java.util.concurrent.BlockingQueue<Batch> batches = new java.util.concurrent.LinkedBlockingQueue<>();
                offered.lanes.add(offered.threads.submit(() -> {
                    long started = System.nanoTime();
                    long laneSent = 0;
                    Batch batch = null;
                    try {
                        while (!offered.stopped.get()) {
                            long due = (System.nanoTime() - started) * OFFERED_PER_SECOND / CONNECTIONS / 1_000_000_000L;
                            for (; laneSent < due; laneSent++) {
                                if (batch == null || batch.written.get() == PER_CONNECTION) {
                                    if (batch != null) {
                                        batch.complete.set(true);
                                    }
                                    batch = new Batch(new RawHttp(TestServer.url()), new AtomicLong(), new AtomicBoolean());
                                    batches.add(batch);
                                }
                                batch.http.write(path, headers.apply((int) laneSent));
                                batch.written.incrementAndGet();
                                offered.sent.incrementAndGet();
                            }
                            Thread.sleep(2);
                        }
                    } finally {
                        if (batch != null) {
                            batch.complete.set(true);
                        }
                        batches.add(new Batch(null, new AtomicLong(), new AtomicBoolean(true)));
                    }
                    return null;
                }));
                offered.lanes.add(offered.threads.submit(() -> {
                    for (Batch batch = batches.take(); batch.http != null; batch = batches.take()) {
                        try (RawHttp http = batch.http) {
                            for (long read = 0; !batch.complete.get() || read < batch.written.get(); ) {
                                if (read < batch.written.get()) {
                                    answers.computeIfAbsent(http.readStatus(), unused -> new AtomicLong()).incrementAndGet();
                                    read++;
                                } else {
                                    Thread.sleep(1);
                                }
                            }
                        }
                    }
                    return null;
                }));
            }
            return offered;
        }

        /** @return the requests sent; every one was answered, or this fails */
        long stop() throws Exception {
            stopped.set(true);
            for (Future<?> lane : lanes) {
                lane.get(60, java.util.concurrent.TimeUnit.SECONDS);
            }
            threads.shutdown();
            return sent.get();
        }
    }
}
