package dev.flashsale.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A sale's report and its reservations' export at a big sale's size, on the packaged server
 * ({@code target/flashsale-micro.jar} by payara/flashsale, {@link BenchServer#JVM_OPTIONS}) with a
 * Redis and a database of its own: one SKU of {@code --reservations} (200,000) units, opened through
 * the admin API, then that many reservations and their ledger written straight into PostgreSQL (a
 * tenth expired, the rest confirmed), as a sale of as many buyers leaves them. Printed: the
 * time of the first report (which folds the whole ledger, written at once) and of five after one
 * more, the export's time, size and rows (three reads), and the server's resident memory before
 * and after each export.
 * <pre>
 * ./mvnw -B -q package -DskipTests && ./mvnw -B -q test-compile exec:java@report-at-scale -Dexec.args="--reservations 200000"
 * </pre>
 */
public final class ReportAtScale {

    private static final int APP_PORT = 8187;
    private static final int REDIS_PORT = 6399;
    private static final String DATABASE = "flashsale_report";
    private static final String DB_URL = "jdbc:postgresql://127.0.0.1:5432/";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private ReportAtScale() {
    }

    public static void main(String[] args) throws Exception {
        int count = args.length >= 2 && args[0].equals("--reservations") ? Integer.parseInt(args[1]) : 200_000;
        Path out = Files.createDirectories(Path.of("target", "bench"));
        Process redis = new ProcessBuilder("redis-server", "--port", Integer.toString(REDIS_PORT), "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no").redirectErrorStream(true).redirectOutput(out.resolve("redis-report.log").toFile()).start();
        try (Connection db = DriverManager.getConnection(DB_URL + "postgres", "postgres", "");
             Statement sql = db.createStatement()) {
            sql.execute("DROP DATABASE IF EXISTS " + DATABASE + " WITH (FORCE)");
            sql.execute("CREATE DATABASE " + DATABASE);
        }
        String password = "bench-" + UUID.randomUUID();
        Map<String, String> environment = new LinkedHashMap<>();
        environment.put("FLASHSALE_DB_URL", DB_URL + DATABASE);
        environment.put("FLASHSALE_DB_USER", "postgres");
        environment.put("FLASHSALE_REDIS_HOST", "127.0.0.1");
        environment.put("FLASHSALE_REDIS_PORT", Integer.toString(REDIS_PORT));
        environment.put("FLASHSALE_ADMIN_USER", "admin");
        environment.put("FLASHSALE_ADMIN_PASSWORD", password);
        environment.put("FLASHSALE_STOREFRONT_API_KEY", "fsk_bench_" + UUID.randomUUID());
        try (BenchServer server = BenchServer.start("application", Path.of("target/flashsale-micro.jar"), APP_PORT, environment,
                "health/ready", out.resolve("payara-report.log"))) {
            System.out.printf("A sale's report and export, %,d reservations; server %s, %s%n", count, BenchServer.JVM_OPTIONS, Instant.now());
            String sku = "REPORT-" + UUID.randomUUID().toString().substring(0, 8);
            new FlashSaleClient(server.base(), "admin", password).openSale(sku, count, 1);
            String sale = fill(sku, count);
            String auth = "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8));
            URI report = server.base().resolve("api/admin/sales/" + sale + "/report");
            URI export = server.base().resolve("api/admin/sales/" + sale + "/report/reservations.csv");
            long first = System.nanoTime();
            read(report, auth).readAllBytes();
            System.out.printf("  first report, which folds the %,d ledger entries written at once: %,d ms%n", 2L * count,
                    (System.nanoTime() - first) / 1_000_000);
            read(report, auth).readAllBytes();
            List<Long> millis = new ArrayList<>();
            String body = "";
            for (int i = 0; i < 5; i++) {
                long started = System.nanoTime();
                body = new String(read(report, auth).readAllBytes(), StandardCharsets.UTF_8);
                millis.add((System.nanoTime() - started) / 1_000_000);
            }
            System.out.printf("  report: %s ms (five reads); %s%n", millis, body.substring(0, Math.min(400, body.length())));
            for (int i = 0; i < 3; i++) {
                long before = server.residentMiB().orElse(-1);
                long started = System.nanoTime();
                long[] counted = count(read(export, auth));
                long took = (System.nanoTime() - started) / 1_000_000;
                System.out.printf("  export %d: %,d lines, %,d bytes in %,d ms; resident memory %d MiB before, %d MiB after%n",
                        i + 1, counted[0], counted[1], took, before, server.residentMiB().orElse(-1));
            }
        } finally {
            redis.destroy();
        }
    }

    /** The sale's reservations and ledger, written as the sale would have: @return the sale's id */
    private static String fill(String sku, int count) throws Exception {
        long started = System.nanoTime();
        try (Connection db = DriverManager.getConnection(DB_URL + DATABASE, "postgres", "");
             Statement sql = db.createStatement()) {
            String sale;
            try (PreparedStatement find = db.prepareStatement("SELECT sale_id FROM sku_item WHERE sku = ?")) {
                find.setString(1, sku);
                try (ResultSet row = find.executeQuery()) {
                    row.next();
                    sale = row.getString(1);
                }
            }
            sql.execute("INSERT INTO reservation (id, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at,"
                    + " owner) SELECT gen_random_uuid(), 'order-' || g, '" + sku + "', 'buyer-' || g, 1,"
                    + " CASE WHEN g % 10 = 0 THEN 'EXPIRED' ELSE 'CONFIRMED' END, now() - (" + count + " - g) * interval '1 ms',"
                    + " now() + interval '10 minutes', now(), '00000000-0000-0000-0000-000000000000'"
                    + " FROM generate_series(1, " + count + ") g");
            sql.execute("INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta, at)"
                    + " SELECT id, sku, 'CLAIM', 1, 1, 0, created_at FROM reservation WHERE sku = '" + sku + "'");
            sql.execute("INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta, at)"
                    + " SELECT id, sku, CASE status WHEN 'EXPIRED' THEN 'EXPIRE' ELSE 'CONFIRM' END, 1, -1,"
                    + " CASE status WHEN 'EXPIRED' THEN 0 ELSE 1 END, created_at + interval '30 seconds'"
                    + " FROM reservation WHERE sku = '" + sku + "'");
            sql.execute("UPDATE stock_shard SET sold = (SELECT count(*) FROM reservation WHERE sku = '" + sku
                    + "' AND status = 'CONFIRMED') WHERE sku = '" + sku + "'");
            sql.execute("ANALYZE");
            System.out.printf("  %,d reservations and %,d ledger entries written in %.1f s%n", count, 2L * count,
                    (System.nanoTime() - started) / 1e9);
            return sale;
        }
    }

    private static InputStream read(URI uri, String auth) throws IOException, InterruptedException {
        HttpResponse<InputStream> answer = HTTP.send(HttpRequest.newBuilder(uri).header("Authorization", auth)
                .timeout(Duration.ofMinutes(2)).GET().build(), HttpResponse.BodyHandlers.ofInputStream());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(uri + " answered " + answer.statusCode() + ": "
                    + new String(answer.body().readAllBytes(), StandardCharsets.UTF_8));
        }
        return answer.body();
    }

    /** @return the lines and bytes of a body, read as it comes */
    private static long[] count(InputStream body) throws IOException {
        long lines = 0;
        long bytes = 0;
        byte[] buffer = new byte[1 << 16];
        try (body) {
            for (int read = body.read(buffer); read >= 0; read = body.read(buffer)) {
                bytes += read;
                for (int i = 0; i < read; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return new long[] {lines, bytes};
    }
}
