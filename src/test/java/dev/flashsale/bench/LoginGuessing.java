package dev.flashsale.bench;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.RawHttp;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A program (not a test) that prints what password guessing costs the storefront: the pace of
 * reservations while 300 wrong passwords a second are offered, set against their pace while as
 * many pings a second are offered the same way, in alternating rounds, so that the ratio
 * measures what a guess costs beyond any request, not how much of the machine was free that
 * minute. With the failed-login limits at work it stays near 1; without them, 300 guesses a
 * second would need 30 cores of PBKDF2. The integration test (LoginThrottlingIT) proves the
 * limits by counts; this is the figure.
 *
 * <pre>
 * ./mvnw -B -q test-compile exec:java -Dexec.mainClass=dev.flashsale.bench.LoginGuessing -Dexec.classpathScope=test \
 *     -Dexec.args="--base http://localhost:8080/ --admin USER:PASSWORD"
 * </pre>
 * The guesses say they come from 198.51.100.66 (X-Forwarded-For): from this program's own address
 * unless the server trusts it as a proxy (flashsale.http.trusted-proxies).
 */
public final class LoginGuessing {

    /** Rounds of pinging and guessing; the ratio printed is their median, so one round the machine slowed does not decide. */
    private static final int ROUNDS = 5;
    private static final long ROUND_MILLIS = 3_000;
    private static final String GUESSER = "198.51.100.66";
    /** Requests offered per second, on two pipelined connections. */
    private static final int OFFERED_PER_SECOND = 300;
    private static final int CONNECTIONS = 2;
    private static final int RESERVERS = 16;
    private static final String GUESSED_PATH = "api/admin/sales";
    private static final String PING_PATH = "api/ping";

    private final URL base;
    private final String storefrontKey;
    private final String sku;
    private final Map<Integer, AtomicLong> guessAnswers = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicLong> pingAnswers = new ConcurrentHashMap<>();

    private LoginGuessing(URL base, String storefrontKey, String sku) {
        this.base = base;
        this.storefrontKey = storefrontKey;
        this.sku = sku;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4 || !args[0].equals("--base") || !args[2].equals("--admin") || !args[3].contains(":")) {
            throw new IllegalArgumentException("Usage: --base URL --admin USER:PASSWORD");
        }
        URI base = URI.create(args[1].endsWith("/") ? args[1] : args[1] + "/");
        String admin = args[3];
        FlashSaleClient client = new FlashSaleClient(base, admin.substring(0, admin.indexOf(':')),
                admin.substring(admin.indexOf(':') + 1));
        String user = "guessed-" + UUID.randomUUID().toString().substring(0, 8);
        client.createViewer(user, "right-" + UUID.randomUUID());
        String sku = "GUESS-" + UUID.randomUUID().toString().substring(0, 8);
        client.openSale(sku, 10_000_000, 1);
        new LoginGuessing(base.toURL(), client.storefrontKey(), sku).run(user);
    }

    private void run(String user) throws Exception {
        IntFunction<String[]> guess = n -> new String[] {"Authorization", Api.basic(user, "wrong-" + UUID.randomUUID()),
                "X-Forwarded-For", GUESSER};
        IntFunction<String[]> ping = n -> new String[] {"X-Forwarded-For", "198.51.100.88"};
        // Warm-up: every path compiled, and the guesser's first failures (a hash each) spent.
        Offered warmUp = Offered.start(base, GUESSED_PATH, guess, guessAnswers);
        reserveFor(4_000);
        warmUp.stop();
        besidePings(2_000, ping);

        double[] kept = new double[ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            // Guessing between two halves of pinging: a machine that slows down or speeds up
            // across the round (the JIT still at work, a neighbour's load) favours neither.
            long besidePings = besidePings(ROUND_MILLIS / 2, ping);
            Offered guesser = Offered.start(base, GUESSED_PATH, guess, guessAnswers);
            long besideGuesses = reserveFor(ROUND_MILLIS);
            long sent = guesser.stop();
            besidePings += besidePings(ROUND_MILLIS / 2, ping);
            System.out.printf("round %d: %d reservations beside pings, %d beside %d guesses%n",
                    round + 1, besidePings, besideGuesses, sent);
            kept[round] = (double) besideGuesses / besidePings;
        }
        Arrays.sort(kept);
        System.out.printf("reservations beside guesses / beside as many pings: %.2f (median of %d rounds);"
                + " guesses answered %s, pings %s%n", kept[ROUNDS / 2], ROUNDS, guessAnswers, pingAnswers);
    }

    /** @return the reservations made in that time while pings are offered */
    private long besidePings(long millis, IntFunction<String[]> ping) throws Exception {
        Offered pinger = Offered.start(base, PING_PATH, ping, pingAnswers);
        long reserved = reserveFor(millis);
        pinger.stop();
        return reserved;
    }

    /** @return the reservations made in that time by {@code RESERVERS} clients */
    private long reserveFor(long millis) throws Exception {
        ExecutorService clients = Executors.newFixedThreadPool(RESERVERS);
        try {
            long until = System.nanoTime() + millis * 1_000_000;
            List<Future<Long>> made = new ArrayList<>();
            for (int c = 0; c < RESERVERS; c++) {
                made.add(clients.submit(() -> {
                    long count = 0;
                    try (RawHttp http = new RawHttp(base)) {
                        while (System.nanoTime() - until < 0) {
                            String key = UUID.randomUUID().toString();
                            int status = http.post("api/reservations", Api.reserveBody(sku, "b-" + key, 1),
                                    "Idempotency-Key", key, Api.KEY_HEADER, storefrontKey);
                            if (status != 201) {
                                throw new IllegalStateException("a reservation answered " + status);
                            }
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

        static Offered start(URL base, String path, IntFunction<String[]> headers, Map<Integer, AtomicLong> answers) {
            Offered offered = new Offered(Executors.newFixedThreadPool(2 * CONNECTIONS), new ArrayList<>(),
                    new AtomicBoolean(), new AtomicLong());
            for (int c = 0; c < CONNECTIONS; c++) {
                BlockingQueue<Batch> batches = new LinkedBlockingQueue<>();
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
                                    batch = new Batch(new RawHttp(base), new AtomicLong(), new AtomicBoolean());
                                    batches.add(batch);
                                }
                                batch.http.write(path, headers.apply((int) laneSent));
                                batch.written.incrementAndGet();
                                offered.sent.incrementAndGet();
                            }
                            // The pace of the offered load: the next requests fall due in a few ms.
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
                lane.get(60, TimeUnit.SECONDS);
            }
            threads.shutdown();
            return sent.get();
        }
    }
}
