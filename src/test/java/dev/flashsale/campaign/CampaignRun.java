package dev.flashsale.campaign;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.history.Anomaly;
import dev.flashsale.testsupport.history.FinalState;
import dev.flashsale.testsupport.history.History;
import dev.flashsale.testsupport.history.HistoryChecker;
import dev.flashsale.testsupport.history.Op;
import dev.flashsale.testsupport.history.Report;
import dev.flashsale.testsupport.history.RoomChecker;
import dev.flashsale.testsupport.history.SaleTimelineChecker;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.awaitility.Awaitility;

/**
 * One run of a campaign: its plan's sales opened, its crowd let loose with its faults for the
 * traffic time, every fault undone, every hold left to run out, reconciliation twice, and the
 * history judged against PostgreSQL and Redis.
 */
final class CampaignRun {

    /**
     * The share of a run's requests whose outcome may be unknown: no bound. A run's faults may
     * answer most of it with 503 (PostgreSQL stopped and restarted for seconds of its five), and
     * the final state must settle every unknown either way (UNRESOLVED otherwise); the campaign's
     * summary says how many there were in all.
     */
    static final double UNKNOWN_SHARE_MAX = 1.0;
    /**
     * How much sooner than its deadline (the reserve's invocation plus the hold time) a hold may be
     * seen expired: none by the product (PostgreSQL's clock decides), this much for reading the
     * client's clock around the requests.
     */
    static final long EARLY_EXPIRY_ALLOWANCE_NANOS = 250_000_000L;
    /** A room client for every this many clients; one merchandiser. */
    static final int ROOM_CLIENT_ONE_IN = 4;
    /** How long a run waits for its holds to run out and be swept, past its faults. */
    static final Duration HOLDS_PATIENCE = Duration.ofSeconds(90);

    /**
     * @param soldAgainMillis after a PostgreSQL failover: from the primary's kill until the end of
     *                        the first reserve begun after it that made a reservation (-1: no failover, or none)
     */
    record Result(RunPlan plan, SaleSetup sales, History history, Report report, long millis, String skews,
                  long soldAgainMillis) {

        boolean clean() {
            return report.anomalies().isEmpty();
        }

        /** Reserves refused because their admission token had run out, as the node's clock reads it. */
        long tokensExpired() {
            return history.ops().stream().filter(op -> "admission-token-expired".equals(op.problem())).count();
        }

        /** Holds extended: extends answered 200. */
        long extended() {
            return history.ops().stream().filter(op -> op.kind() == Op.Kind.EXTEND && op.status() == 200).count();
        }

        /** Answers 500: a failure of ours the product did not map to 503 with Retry-After. */
        long answers500() {
            return history.ops().stream().filter(op -> op.status() == 500).count()
                    + history.roomOps().stream().filter(op -> op.status() == 500).count();
        }
    }

    private CampaignRun() {
    }

    static Result run(Stage stage, RunPlan plan, String tag, boolean toFoil) throws Exception {
        long started = System.nanoTime();
        SaleSetup sales = SaleSetup.open(stage.nodes().get(0).api(), plan, tag);
        String skews = skews(stage);
        History history = new History();
        long deadline = history.now() + plan.trafficMillis() * 1_000_000;
        Clients clients = new Clients(plan, sales, stage.nodes(), history, deadline, toFoil ? stage.foilNode() : null);
        FaultScheduler faults = new FaultScheduler(stage, plan.faults());
        ExecutorService crowd = Executors.newFixedThreadPool(plan.clients());
        List<Future<?>> running = new ArrayList<>();
        long faultsOrigin = history.now();
        try {
            faults.start();
            running.add(crowd.submit(() -> clients.merchandiser(0)));
            for (int index = 1; index < plan.clients(); index++) {
                int client = index;
                running.add(crowd.submit(client % ROOM_CLIENT_ONE_IN == 0 ? () -> clients.roomBuyer(client)
                        : () -> clients.buyer(client)));
            }
            for (Future<?> client : running) {
                client.get();
            }
        } finally {
            crowd.shutdownNow();
            faults.finish();
            stage.settle();
        }
        Api admin = stage.nodes().get(0).api();
        // The naive checkout's holds last ten minutes: they are judged held. A look that finds no primary yet (a
        // failover's standby promoted a moment ago) is tried again; one that never finds it leaves the run unjudged.
        Awaitility.await("every hold of the run run out").atMost(HOLDS_PATIENCE).pollInterval(Duration.ofMillis(250))
                .ignoreExceptionsMatching(CampaignRun::noPrimaryYet).until(() -> Db.scalar("SELECT count(*) FROM reservation WHERE sku IN (?, ?) AND status = 'HELD'"
                        + " AND expires_at < now() + interval '1 minute'", sales.sku(), sales.roomSku()) == 0);
        for (int pass = 0; pass < 2; pass++) {
            admin.adminPostEmpty("api/admin/reconciliation/run");
        }
        FinalState state = FinalState.read(List.of(sales.sku(), sales.roomSku()), sku -> counterOfOpenSale(sku, sales));
        long holdNanos = plan.holdSeconds() * 1_000_000_000L;
        Report judged = HistoryChecker.check(history.ops(), state, UNKNOWN_SHARE_MAX);
        List<Anomaly> anomalies = new ArrayList<>(judged.anomalies());
        anomalies.addAll(RoomChecker.check(history.roomOps(), history.tokensOfKeys(), Map.of(sales.roomSaleId(), sales.roomSku()),
                state));
        anomalies.addAll(SaleTimelineChecker.check(history.ops(), history.changes(), state,
                Map.of(sales.sku(), holdNanos, sales.roomSku(), holdNanos), EARLY_EXPIRY_ALLOWANCE_NANOS));
        anomalies.addAll(ReportAgainstLedger.check(admin, Map.of(sales.saleId(), sales.sku(), sales.roomSaleId(), sales.roomSku())));
        Report report = new Report(anomalies, judged.figures());
        return new Result(plan, sales, history, report, (System.nanoTime() - started) / 1_000_000, skews,
                soldAgain(plan, history, faultsOrigin));
    }

    /** A connection refused for now (SQLSTATE class 08: pgjdbc's "Could not find a server with specified targetServerType"). */
    private static boolean noPrimaryYet(Throwable failed) {
        return failed.getCause() instanceof SQLException sql && sql.getSQLState() != null && sql.getSQLState().startsWith("08");
    }

    private static long soldAgain(RunPlan plan, History history, long faultsOrigin) {
        return plan.faults().stream().filter(fault -> fault.kind() == Fault.Kind.POSTGRES_FAILOVER).findFirst()
                .map(failover -> faultsOrigin + failover.atMillis() * 1_000_000)
                .map(killed -> history.ops().stream().filter(op -> op.status() == 201 && op.invoked() >= killed)
                        .mapToLong(op -> (op.completed() - killed) / 1_000_000).min().orElse(-1))
                .orElse(-1L);
    }

    /**
     * The gate's counter of a SKU whose sale is not closed (null for a closed one): a closed
     * sale's counter is no promise. PostgreSQL refuses its reserves (409 sale-not-open) whatever
     * the gate says, and reconciliation leaves closed sales alone (db/reconciliation/audit_stock.sql).
     */
    private static String counterOfOpenSale(String sku, SaleSetup sales) {
        String saleId = sku.equals(sales.sku()) ? sales.saleId() : sales.roomSaleId();
        if ("CLOSED".equals(Db.text("SELECT status FROM sale WHERE id = ?::uuid", saleId))) {
            return null;
        }
        return FinalState.counterInTestRedis(sku);
    }

    private static String skews(Stage stage) {
        StringBuilder skews = new StringBuilder();
        for (Node node : stage.nodes()) {
            skews.append(skews.length() == 0 ? "" : ",").append(node.skewSeconds());
        }
        return skews.toString();
    }
}
