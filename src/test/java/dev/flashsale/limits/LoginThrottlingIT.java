package dev.flashsale.limits;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RawHttp;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Password guessing at full speed must not take the storefront down: a wrong password costs a
 * PBKDF2 hash (about 0.1 s of a core) only until the failed-login limits refuse the guesser, so
 * reservations keep their pace, and the user still logs in from elsewhere. Without the limits,
 * 200 guesses a second would need 20 cores.
 */
class LoginThrottlingIT {

    private static final int ROUNDS = 3;
    private static final long ROUND_MILLIS = 3_000;
    private static final String GUESSER = "198.51.100.66";
    private static final int GUESSERS = 4;
    private static final int RESERVERS = 16;

    private final Api api = new Api(TestServer.url());

    @Test
    void guessingPasswordsDoesNotSlowReservationsAndTheUserStillLogsIn() throws Exception {
        String user = "guessed-" + UUID.randomUUID().toString().substring(0, 8);
        String password = "right-" + UUID.randomUUID();
        assertEquals(201, api.adminPost("api/admin/users", "{\"username\":\"" + user + "\",\"password\":\"" + password
                + "\",\"role\":\"viewer\"}").status());
        String sku = Sales.openSku(api, 1_000_000, 1, 600, "REFUSE");
        Function<RawHttp, Integer> guess = http -> http.get("api/admin/sales", "Authorization",
                Api.basic(user, "wrong-" + UUID.randomUUID()), "X-Forwarded-For", GUESSER);
        Map<Integer, AtomicLong> guessAnswers = new ConcurrentHashMap<>();
        // Warm-up: both paths compiled, and the guesser's first failures (the address's burst, a
        // hash each) spent before the measured rounds; they are counted below all the same.
        Guessing warmUp = Guessing.start(guess, guessAnswers);
        reserveFor(sku, 4_000);
        warmUp.stop();
        reserveFor(sku, 2_000);

        long calm = 0;
        long guessed = 0;
        long guesses = 0;
        long guessingMillis = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long calmRound = reserveFor(sku, ROUND_MILLIS);
            long started = System.nanoTime();
            Guessing guessing = Guessing.start(guess, guessAnswers);
            long guessedRound = reserveFor(sku, ROUND_MILLIS);
            long sent = guessing.stop();
            System.out.printf("login throttling, round %d: %d reservations calm, %d with %d guesses%n", round + 1,
                    calmRound, guessedRound, sent);
            calm += calmRound;
            guessed += guessedRound;
            guesses += sent;
            guessingMillis += (System.nanoTime() - started) / 1_000_000;
        }

        double guessesPerSecond = guesses * 1000.0 / guessingMillis;
        double ratio = (double) guessed / calm;
        System.out.printf("login throttling: %d reservations calm, %d while guessing at %.0f/s (ratio %.2f); guesses"
                + " answered %s%n", calm, guessed, guessesPerSecond, ratio, guessAnswers);
        assertTrue(guessesPerSecond >= 200, "offered " + guessesPerSecond + " guesses/s");
        long allGuesses = guesses + warmUp.sent().get();
        assertEquals(allGuesses, guessAnswers.getOrDefault(401, new AtomicLong()).get()
                + guessAnswers.getOrDefault(429, new AtomicLong()).get(), "only 401 and 429: " + guessAnswers);
        // The address's burst (10), the guesses in flight when it ran out (4), its refill meanwhile.
        assertTrue(guessAnswers.getOrDefault(401, new AtomicLong()).get() <= 25,
                "only the first guesses were hashed: " + guessAnswers);
        assertTrue(ratio >= 0.8, "reservations kept " + ratio + " of their pace");

        Api.Answer refused = api.get("api/admin/sales", "Authorization", Api.basic(user, password),
                "X-Forwarded-For", GUESSER);
        assertEquals(429, refused.status(), "the guesser's address is refused, the right password unheard");
        assertEquals("too-many-failed-logins", refused.problemType());
        assertTrue(Long.parseLong(refused.header("Retry-After")) >= 1);
        Api.Answer elsewhere = api.get("api/admin/sales", "Authorization", Api.basic(user, password),
                "X-Forwarded-For", "198.51.100.77");
        assertEquals(200, elsewhere.status(), "the user logs in from another address: " + elsewhere);
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

    /** Four threads sending guesses back to back, each on its own connection, until stopped. */
    private record Guessing(ExecutorService threads, AtomicBoolean stopped, AtomicLong sent) {

        static Guessing start(Function<RawHttp, Integer> guess, Map<Integer, AtomicLong> answers) {
            Guessing guessing = new Guessing(Executors.newFixedThreadPool(GUESSERS), new AtomicBoolean(), new AtomicLong());
            for (int t = 0; t < GUESSERS; t++) {
                guessing.threads.submit(() -> {
                    try (RawHttp http = new RawHttp(TestServer.url())) {
                        while (!guessing.stopped.get()) {
                            int status = guess.apply(http);
                            answers.computeIfAbsent(status, unused -> new AtomicLong()).incrementAndGet();
                            guessing.sent.incrementAndGet();
                        }
                    }
                });
            }
            return guessing;
        }

        long stop() throws InterruptedException {
            stopped.set(true);
            threads.shutdown();
            assertTrue(threads.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS));
            return sent.get();
        }
    }
}
