package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The PostgreSQL ceiling: pgbench running the product's own reserve transaction for one request
 * (bench/reserve.pgbench, then db/stock/take_units.sql itself) against the same database, so
 * the application's successful reservations per second can be read as a share of what
 * PostgreSQL alone does on this machine.
 */
final class PgbenchCeiling {

    /** One pgbench run; {@code clients} may be below the concurrency asked for (max_connections). */
    record Result(int concurrency, int clients, double tps, double latencyAverageMs, long transactions, long failed) {

        JsonObject toJson() {
            return Json.createObjectBuilder().add("concurrency", concurrency).add("clients", clients).add("tps", tps)
                    .add("latencyAverageMs", latencyAverageMs).add("transactions", transactions).add("failed", failed).build();
        }
    }

    private static final Pattern TPS = Pattern.compile("^tps = ([0-9.]+)", Pattern.MULTILINE);
    private static final Pattern LATENCY = Pattern.compile("^latency average = ([0-9.]+) ms", Pattern.MULTILINE);
    private static final Pattern PROCESSED = Pattern.compile("^number of transactions actually processed: (\\d+)", Pattern.MULTILINE);
    private static final Pattern FAILED = Pattern.compile("^number of failed transactions: (\\d+)", Pattern.MULTILINE);

    /** The statement that takes units, run by pgbench as the application runs it. */
    private static final Path TAKE_UNITS = Path.of("db/stock/take_units.sql");

    private final Path script;
    private final int seconds;
    private final Map<String, String> environment = new HashMap<>();

    PgbenchCeiling(BenchOptions options) throws IOException {
        Path prelude = Path.of(options.pgbenchScript());
        if (!Files.isRegularFile(prelude) || !Files.isRegularFile(TAKE_UNITS)) {
            throw new IllegalArgumentException("No pgbench script at " + prelude.toAbsolutePath() + " or no " + TAKE_UNITS);
        }
        this.script = Files.createDirectories(Path.of(options.outputDir())).resolve("reserve-transaction.pgbench");
        Files.writeString(script, Files.readString(prelude) + Files.readString(TAKE_UNITS).strip() + ";\nCOMMIT;\n");
        this.seconds = options.pgbenchSeconds();
        // jdbc:postgresql://host:port/database?... -> the libpq environment of pgbench
        URI db = URI.create(options.dbUrl().substring("jdbc:".length()));
        environment.put("PGHOST", db.getHost());
        environment.put("PGPORT", Integer.toString(db.getPort() > 0 ? db.getPort() : 5432));
        environment.put("PGDATABASE", db.getPath().substring(1));
        environment.put("PGUSER", options.dbUser());
        if (!options.dbPassword().isEmpty()) {
            environment.put("PGPASSWORD", options.dbPassword());
        }
    }

    Result run(String sku, int shards, int concurrency, int clients) throws IOException, InterruptedException {
        List<String> command = List.of("pgbench", "-n", "-M", "prepared", "-c", Integer.toString(clients),
                "-j", Integer.toString(Math.min(2, clients)), "-T", Integer.toString(seconds),
                "-D", "sku=" + sku, "-D", "shards=" + shards, "-f", script.toString());
        String output = ExternalCommand.run(command, environment, Duration.ofSeconds(seconds + 60L));
        return new Result(concurrency, clients, number(TPS, output), number(LATENCY, output),
                (long) number(PROCESSED, output), FAILED.matcher(output).find() ? (long) number(FAILED, output) : 0);
    }

    private static double number(Pattern pattern, String output) {
        Matcher matcher = pattern.matcher(output);
        if (!matcher.find()) {
            throw new IllegalStateException("pgbench printed no " + pattern + ":\n" + output);
        }
        return Double.parseDouble(matcher.group(1));
    }
}
