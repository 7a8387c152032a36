package dev.flashsale.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.resps.Slowlog;

/**
 * A big room's opening second on the packaged server ({@code target/flashsale-micro.jar} by
 * payara/flashsale, {@link BenchServer#JVM_OPTIONS}), with a Redis and a database of its own:
 * {@code --tickets} (1,000,000) tickets in the pre-queue (one taken through the API, the rest
 * loaded into Redis in a pipeline, as lua/room_batch.lua takes them), then the opening. Printed:
 * the longest Redis call of the draw (Redis' slow log), the answers to polls from the opening on
 * (by status and reason, and how long until the first place), the draw's own log line, the
 * lottery record's size and read times, and {@code GET /api/ping} while eight clients read the
 * record in a loop, beside the same ping with nobody reading.
 * <pre>
 * ./mvnw -B -q package -DskipTests && ./mvnw -B -q test-compile exec:java@big-room -Dexec.args="--tickets 1000000"
 * </pre>
 */
public final class BigRoomOpening {

    private static final int APP_PORT = 8186;
    private static final int REDIS_PORT = 6398;
    private static final String DATABASE = "flashsale_bigroom";
    private static final int READERS = 8;
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private BigRoomOpening() {
    }

    public static void main(String[] args) throws Exception {
        int tickets = args.length >= 2 && args[0].equals("--tickets") ? Integer.parseInt(args[1]) : 1_000_000;
        Path out = Files.createDirectories(Path.of("target", "bench"));
        Process redis = new ProcessBuilder("redis-server", "--port", Integer.toString(REDIS_PORT), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no").redirectErrorStream(true).redirectOutput(out.resolve("redis-bigroom.log").toFile()).start();
        try (Connection db = DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "");
             Statement sql = db.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            sql.execute("CREATE DATABASE " + DATABASE);
        }
        String password = "bench-" + UUID.randomUUID();
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("FLASHSALE_DB_URL", "jdbc:postgresql://127.0.0.1:5432/" + DATABASE);
        environment.put("FLASHSALE_DB_USER", "postgres");
        environment.put("FLASHSALE_REDIS_HOST", "127.0.0.1");
        environment.put("FLASHSALE_REDIS_PORT", Integer.toString(REDIS_PORT));
        environment.put("FLASHSALE_ADMIN_USER", "admin");
        environment.put("FLASHSALE_ADMIN_PASSWORD", password);
        environment.put("FLASHSALE_STOREFRONT_API_KEY", "fsk_bench_" + UUID.randomUUID());
        for (String limit : List.of("API_KEY", "ADDRESS")) {
            environment.put("FLASHSALE_LIMITS_" + limit + "_PER_SECOND", "1000000");
            environment.put("FLASHSALE_LIMITS_" + limit + "_BURST", "1000000");
        }
        Path log = out.resolve("payara-bigroom.log");
        try (BenchServer server = BenchServer.start("application", Path.of("target/flashsale-micro.jar"), APP_PORT, environment,
                "health/ready", log); Jedis jedis = new Jedis("127.0.0.1", REDIS_PORT, 10_000)) {
            System.out.printf("Big room's opening, %,d tickets; server %s, %s%n", tickets, BenchServer.JVM_OPTIONS, Instant.now());
            FlashSaleClient client = new FlashSaleClient(server.base(), "admin", password);
            Instant opens = Instant.now().plusSeconds(30 + tickets / 20_000);
            String sale = client.openRoomSale("BIGROOM-" + UUID.randomUUID().toString().substring(0, 8), 100, opens, 100);
            List<String> polled = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                polled.add(client.takeTicket(sale, "polling-" + i));
            }
            long loadStarted = System.nanoTime();
            load(jedis, sale, polled.size(), tickets - polled.size());
            System.out.printf("  pre-queue loaded into Redis in %.1f s; opening at %s%n", seconds(loadStarted), opens);
            jedis.configSet("slowlog-log-slower-than", "1000");
            jedis.configSet("slowlog-max-len", "10000");
            Thread.sleep(Math.max(0, Duration.between(Instant.now(), opens).toMillis() - 1_000));
            jedis.slowlogReset();

            opening(server.base(), client.storefrontKey(), sale, polled, opens, jedis);
            List<Slowlog> slow = jedis.slowlogGet(10_000);
            Slowlog longest = slow.stream().max((a, b) -> Long.compare(a.getExecutionTime(), b.getExecutionTime())).orElse(null);
            System.out.printf("  Redis calls over 1 ms from the opening to the draw's end: %d; the longest %s%n", slow.size(),
                    longest == null ? "none" : longest.getExecutionTime() + " µs (" + String.join(" ", longest.getArgs().subList(0,
                            Math.min(2, longest.getArgs().size()))) + ")");
            Files.readAllLines(log).stream().filter(line -> line.contains("Lottery of sale " + sale)).map(line -> line.substring(
                    line.indexOf("Lottery of sale"))).forEach(line -> System.out.println("  server: " + line));

            record(server.base(), client.storefrontKey(), sale);
        } finally {
            redis.destroy();
        }
    }

    /** Polls of four tickets from a second before the opening until each has a place: answers by status and reason. */
    private static void opening(URI base, String key, String sale, List<String> tickets, Instant opens, Jedis jedis) throws Exception {
        Map<String, Integer> answers = Collections.synchronizedMap(new TreeMap<>());
        ConcurrentLinkedQueue<Long> slowest = new ConcurrentLinkedQueue<>();
        AtomicBoolean placed = new AtomicBoolean();
        long[] placedAfterMillis = {-1};
        ExecutorService pollers = Executors.newFixedThreadPool(tickets.size());
        for (String ticket : tickets) {
            pollers.execute(() -> {
                while (!placed.get()) {
                    long started = System.nanoTime();
                    HttpResponse<String> answer = get(base.resolve("api/sales/" + sale + "/queue/" + ticket), key, false);
                    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                    if (Instant.now().isBefore(opens)) {
                        continue;
                    }
                    slowest.add(millis);
                    String body = answer.body();
                    String what = answer.statusCode() + (body.contains("LOTTERY_PENDING") ? " WAITING LOTTERY_PENDING"
                            : body.contains("\"position\"") ? " WAITING with a place" : body.contains("ADMITTED") ? " ADMITTED" : " other");
                    answers.merge(what, 1, Integer::sum);
                    if (answer.statusCode() == 200 && !body.contains("LOTTERY_PENDING")) {
                        synchronized (placedAfterMillis) {
                            if (placedAfterMillis[0] < 0) {
                                placedAfterMillis[0] = Duration.between(opens, Instant.now()).toMillis();
                            }
                        }
                        placed.set(true);
                    }
                }
            });
        }
        pollers.shutdown();
        pollers.awaitTermination(10, TimeUnit.MINUTES);
        System.out.printf("  polls answered from the opening until the first place (%d pollers): %s; slowest answer %d ms;"
                + " first place %.1f s after the opening%n", tickets.size(), answers, slowest.stream().mapToLong(Long::longValue).max()
                .orElse(0), placedAfterMillis[0] / 1000.0);
        while (!"1".equals(jedis.hget("fs:{sale:" + sale + "}:room", "drawn"))) {
            Thread.sleep(100);
        }
    }

    /** The record's size and read times, then the ping with nobody reading and with eight clients reading it in a loop. */
    private static void record(URI base, String key, String sale) throws Exception {
        URI lottery = base.resolve("api/sales/" + sale + "/queue/lottery");
        for (String read : List.of("first read, gzip", "second read, gzip", "third read, gzip")) {
            long started = System.nanoTime();
            HttpResponse<String> answer = get(lottery, key, true);
            System.out.printf("  record %s: %d, %.1f MB in %.3f s%n", read, answer.statusCode(), answer.body().length() / 1e6,
                    seconds(started));
        }
        long started = System.nanoTime();
        HttpResponse<String> plain = get(lottery, key, false);
        System.out.printf("  record read without gzip: %d, %.1f MB of JSON in %.3f s%n", plain.statusCode(),
                plain.body().length() / 1e6, seconds(started));
        System.out.println("  ping, nobody reading the record: " + pings(base, 10));
        AtomicBoolean reading = new AtomicBoolean(true);
        ExecutorService readers = Executors.newFixedThreadPool(READERS);
        List<Integer> reads = Collections.synchronizedList(new ArrayList<>());
        for (int i = 0; i < READERS; i++) {
            readers.execute(() -> {
                while (reading.get()) {
                    reads.add(get(lottery, key, true).statusCode());
                }
            });
        }
        String busy = pings(base, 10);
        reading.set(false);
        readers.shutdown();
        readers.awaitTermination(1, TimeUnit.MINUTES);
        System.out.printf("  ping, %d clients reading the record (gzip) in a loop (%d reads, all 200: %b): %s%n", READERS,
                reads.size(), reads.stream().allMatch(status -> status == 200), busy);
    }

    /** {@code GET /api/ping} every 50 ms for {@code seconds}: median, 99th percentile and most, in ms. */
    private static String pings(URI base, int seconds) throws Exception {
        List<Double> millis = new ArrayList<>();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < end) {
            long started = System.nanoTime();
            get(base.resolve("api/ping"), null, false);
            millis.add((System.nanoTime() - started) / 1e6);
            Thread.sleep(50);
        }
        Collections.sort(millis);
        return String.format("%d pings, median %.1f ms, p99 %.1f ms, most %.1f ms", millis.size(), millis.get(millis.size() / 2),
                millis.get((int) (millis.size() * 0.99)), millis.get(millis.size() - 1));
    }

    private static HttpResponse<String> get(URI uri, String key, boolean gzip) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(120)).GET();
        if (key != null) {
            request.header("X-Api-Key", key);
        }
        if (gzip) {
            request.header("Accept-Encoding", "gzip");
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString(java.nio.charset.StandardCharsets.ISO_8859_1));
        } catch (Exception e) {
            throw new IllegalStateException("GET " + uri + " failed", e);
        }
    }

    /** Tickets put in the pre-queue as lua/room_batch.lua takes them, 10,000 to a pipeline. */
    private static void load(Jedis jedis, String sale, int takenBefore, int count) {
        String prefix = "fs:{sale:" + sale + "}:";
        for (int from = 1; from <= count; from += 10_000) {
            Pipeline pipeline = jedis.pipelined();
            for (int i = from; i < from + 10_000 && i <= count; i++) {
                String ticket = "t_bench-" + UUID.randomUUID();
                pipeline.zadd(prefix + "prequeue", takenBefore + i, ticket);
                pipeline.hset(prefix + "state", ticket, "W");
                pipeline.hset(prefix + "tickets", "loaded-" + i, ticket);
                pipeline.hset(prefix + "owners", ticket, "loaded-" + i);
            }
            pipeline.sync();
        }
        jedis.hset(prefix + "room", "seq", Integer.toString(takenBefore + count));
    }

    private static double seconds(long startedNanos) {
        return (System.nanoTime() - startedNanos) / 1e9;
    }
}
