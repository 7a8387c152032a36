package dev.flashsale.soak;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Pause;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestDatabase;
import dev.flashsale.testsupport.TestRedis;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Op;
import dev.flashsale.testsupport.history.Report;
import jakarta.json.Json;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The soak: minutes of mixed traffic over two application nodes on one PostgreSQL and one Redis,
 * every request recorded and the whole history judged by the checker at the end. Clients reserve
 * (1 or 2 units, buyers capped at 6 units), pay for a few holds (1 request in 33), cancel some (1 in
 * 8), and leave the rest to expire (holds of 5 s), so units keep coming back to be sold again; both nodes' sweepers, lazy
 * reclaims and reconciliation run meanwhile. Not a CI test: run it with
 * {@code ./mvnw -B -q package -DskipTests && ./mvnw -B -q exec:java@soak -Dsoak.minutes=5}. It starts
 * what it needs (a database of its own, a Redis on {@code it.redis.port}, two servers) and exits
 * 1 when the checker finds an anomaly.
 */
public final class Soak {

    private static final int UNITS = 10_000;
    private static final int BUYERS = 3_000;

    private Soak() {
    }

    public static void main(String[] args) throws Exception {
        Duration length = Duration.ofMinutes(Long.getLong("soak.minutes", 5));
        int clients = Integer.getInteger("soak.clients", 32);
        String url = System.getProperty("it.db.url");
        TestDatabase.main(new String[] {"recreate", url.replaceFirst("/[^/]+$", "/postgres"),
                System.getProperty("it.db.user"), url.substring(url.lastIndexOf('/') + 1)});
        TestRedis.start();
        int exit = 1;
        try (TestServer second = TestServer.another("soak-second", Map.of())) {
            exit = soak(new Api(TestServer.url()), new Api(second.base()), length, clients) ? 0 : 1;
        } finally {
            TestServer.stop();
            TestRedis.stop();
        }
        System.exit(exit);
    }

    private static boolean soak(Api one, Api two, Duration length, int clients) throws Exception {
        String sku = Sales.uniqueSku("soak");
        openSale(one, sku);
        History history = new History();
        ConcurrentLinkedQueue<String> holds = new ConcurrentLinkedQueue<>();
        AtomicLong keys = new AtomicLong();
        Instant started = Instant.now();
        Instant end = started.plus(length);
        System.out.println("soak: " + clients + " clients over two nodes for " + length.toMinutes() + " min, " + UNITS
                + " units, holds of 5 s");
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> workers = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            workers.add(pool.submit(() -> {
                ThreadLocalRandom random = ThreadLocalRandom.current();
                while (Instant.now().isBefore(end)) {
                    Api node = random.nextBoolean() ? one : two;
                    double dice = random.nextDouble();
                    String held = dice < 0.7 ? null : holds.poll();
                    if (held == null) {
                        String buyer = "buyer-" + random.nextInt(BUYERS);
                        Api.Answer answer = history.reserve(node, sku + "-" + keys.incrementAndGet(), sku, buyer,
                                1 + random.nextInt(2));
                        if (answer != null && answer.status() == 201) {
                            holds.add(answer.json().getString("id"));
                        }
                    } else if (dice < 0.73) {
                        history.confirm(node, held);
                    } else if (dice < 0.85) {
                        history.cancel(node, held);
                    }
                    // The rest of the holds taken here are left to run out.
                }
                return null;
            }));
        }
        Instant nextReport = started.plusSeconds(60);
        for (Future<?> worker : workers) {
            while (!worker.isDone()) {
                Pause.millis(500);
                if (Instant.now().isAfter(nextReport)) {
                    nextReport = nextReport.plusSeconds(60);
                    System.out.println("soak: " + history.ops().size() + " requests after "
                            + Duration.between(started, Instant.now()).toSeconds() + " s; stock " + one.stock(sku).body());
                }
            }
            worker.get();
        }
        pool.shutdown();
        Duration ran = Duration.between(started, Instant.now());

        // Every hold runs out within 5 s and is swept within the sweeper's interval; then two
        // reconciliation runs (a counter left behind is corrected when the second sees the same gap).
        Pause.millis(15_000);
        for (int run = 0; run < 2; run++) {
            one.adminPostEmpty("api/admin/reconciliation/run");
        }
        Report report = HistoryChecker.check(history.ops(), FinalState.read(List.of(sku)));
        Map<String, Long> byKindAndStatus = history.ops().stream().collect(Collectors.groupingBy(
                op -> op.kind() + " " + (op.status() != 0 ? op.status() : op.outcome() == Op.Outcome.UNSENT ? "unsent" : "error"),
                TreeMap::new, Collectors.counting()));
        System.out.printf("soak: %d requests in %d s (%.0f/s) over two nodes; %s%n", history.ops().size(), ran.toSeconds(),
                history.ops().size() / Math.max(1.0, ran.toMillis() / 1000.0), byKindAndStatus);
        System.out.println("soak: final stock " + one.stock(sku).body());
        System.out.println("soak: " + report);
        return report.anomalies().isEmpty();
    }

    private static void openSale(Api api, String sku) {
        String body = Json.createObjectBuilder()
                .add("name", "Soak of " + sku)
                .add("holdSeconds", 5)
                .add("maxPerOrder", 2)
                .add("maxPerBuyer", 6)
                .add("latePayment", "RECLAIM")
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", UNITS)
                        .add("shards", 4)))
                .build().toString();
        Api.Answer created = api.adminPost("api/admin/sales", body);
        if (created.status() != 201 || api.adminPostEmpty("api/admin/sales/" + created.json().getString("id") + "/open").status() != 200) {
            throw new IllegalStateException("Soak sale not opened: " + created);
        }
    }
}
