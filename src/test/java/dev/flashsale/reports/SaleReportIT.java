package dev.flashsale.reports;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RawHttp;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A sale run by the test (a hold paid, one cancelled, one expired, and a returned unit held and
 * paid again), then its report: every figure as the test made it, and the confirmed, cancelled,
 * expired and returned counts exactly as the ledger has them; the reservations' CSV and the
 * figures' CSV parsed back (RFC 4180, a header row, ISO-8601 UTC times).
 */
@Tag("core")
class SaleReportIT {

    private static final String[] FIGURES = {"sku", "units", "buyers", "reservations", "held", "confirmed", "cancelled", "expired",
        "units_held", "units_returned", "units_sold", "units_taken_again", "paid_share", "first_hold", "sold_out", "last_payment",
        "refused", "refusals", "room_tickets", "room_admitted", "room_left", "room_expired", "room_revoked", "room_wait_p50_s",
        "room_wait_p90_s", "room_wait_p99_s"};

    private final Api api = new Api(TestServer.url());

    @Test
    void theReportSaysWhatTheSaleDidAsTheLedgerRecordedIt() throws IOException {
        String sku = Sales.uniqueSku("report");
        String sale = Sales.openSale(api, sku, 3, 1, 600, "REFUSE").getString("id");
        String paid = reserve(sku, "buyer-a");
        String cancelled = reserve(sku, "buyer-b");
        String expired = reserve(sku, "buyer-c");
        assertEquals(200, api.confirm(paid).status());
        assertEquals(200, api.cancel(cancelled).status());
        Db.setExpiry(expired, -1);
        assertEquals(200, api.postEmpty("api/test/holds/sweep").status());
        String again = reserve(sku, "buyer-d");
        assertEquals(200, api.confirm(again).status());

        Api.Answer answer = api.adminGet("api/admin/sales/" + sale + "/report");
        assertEquals(200, answer.status(), answer.toString());
        JsonObject report = answer.json();
        assertEquals(sale, report.getString("saleId"));
        assertEquals("OPEN", report.getString("status"));
        assertNotNull(report.getString("opened"));
        JsonObject total = report.getJsonObject("total");
        assertEquals(Map.of("units", 3L, "buyers", 4L, "reservations", 4L, "held", 0L, "confirmed", 2L, "cancelled", 1L,
                "expired", 1L, "unitsHeld", 4L, "unitsReturned", 2L, "unitsSold", 2L), counts(total, "units", "buyers",
                "reservations", "held", "confirmed", "cancelled", "expired", "unitsHeld", "unitsReturned", "unitsSold"));
        assertEquals(1, total.getInt("unitsTakenAgain"), "the returned unit went to buyer-d");
        assertEquals(0.5, total.getJsonNumber("paidShare").doubleValue());
        Instant firstHold = Instant.parse(total.getString("firstHold"));
        Instant soldOut = Instant.parse(total.getString("soldOut"));
        Instant lastPayment = Instant.parse(total.getString("lastPayment"));
        assertTrue(!firstHold.isAfter(soldOut) && !soldOut.isAfter(lastPayment), total.toString());
        assertEquals(1, report.getJsonArray("skus").size());
        assertEquals(total, report.getJsonArray("skus").getJsonObject(0).getJsonObject("funnel"), "one SKU: its funnel is the sale's");

        // Against the ledger itself, not against what the test believes it did.
        assertEquals(ledger(sku, "CONFIRM") + ledger(sku, "RECLAIM"), total.getInt("confirmed"));
        assertEquals(ledger(sku, "CANCEL"), total.getInt("cancelled"));
        assertEquals(ledger(sku, "EXPIRE"), total.getInt("expired"));
        assertEquals(Db.scalar("SELECT coalesce(sum(qty), 0) FROM stock_movement WHERE sku = ? AND kind IN ('CANCEL', 'EXPIRE')", sku),
                total.getInt("unitsReturned"));

        List<CSVRecord> rows = csv("api/admin/sales/" + sale + "/report/reservations.csv", "id", "sku", "buyer_id", "quantity",
                "status", "created_at", "expires_at", "confirmed_at", "cancelled_at", "expired_at", "storefront_key");
        Map<String, CSVRecord> byId = rows.stream().collect(Collectors.toMap(row -> row.get("id"), Function.identity()));
        assertEquals(4, rows.size());
        assertEquals("CONFIRMED", byId.get(paid).get("status"));
        assertEquals("CANCELLED", byId.get(cancelled).get("status"));
        assertEquals("EXPIRED", byId.get(expired).get("status"));
        Instant.parse(byId.get(paid).get("confirmed_at"));
        Instant.parse(byId.get(cancelled).get("cancelled_at"));
        Instant.parse(byId.get(expired).get("expired_at"));
        assertEquals("", byId.get(paid).get("cancelled_at"), "a moment that did not happen is empty");
        assertEquals("configured key", byId.get(again).get("storefront_key"));
        assertEquals("buyer-d", byId.get(again).get("buyer_id"));
        assertEquals(List.of(paid, cancelled, expired, again), rows.stream().map(row -> row.get("id")).toList(), "oldest first");

        JsonObject activity = report.getJsonObject("activity");
        assertEquals(1, activity.getInt("bucketSeconds"), "a sale of seconds, drawn second by second: " + activity);
        assertEquals(List.of(4L, 2L, 0L), List.of(sum(activity, "holds"), sum(activity, "sales"), sum(activity, "refusals")),
                "holds placed and paid over the sale's time: " + activity);

        List<CSVRecord> figures = csv("api/admin/sales/" + sale + "/report/figures.csv", FIGURES);
        assertEquals(List.of(sku, "(all)"), figures.stream().map(row -> row.get("sku")).toList());
        assertEquals("2", figures.get(1).get("confirmed"));
        assertEquals(total.getString("soldOut"), figures.get(1).get("sold_out"));
    }

    /**
     * A transaction that began before the sale's holds and still runs (another sale's export, a slow
     * client's, an operator's session) keeps every fold below it: the report's activity, like its
     * counts, adds the entries not folded yet, and shows the holds and the payment at once.
     */
    @Test
    void theActivityShowsHoldsThatNoFoldCouldTakeYet() throws Exception {
        String sku = Sales.uniqueSku("activity-tail");
        String sale = Sales.openSale(api, sku, 2, 1, 600, "REFUSE").getString("id");
        try (Connection older = Db.connect()) {
            older.setAutoCommit(false);
            try (Statement begun = older.createStatement()) {
                begun.execute("SELECT txid_current()"); // it has an id now, and every fold stays below it
            }
            assertEquals(200, api.confirm(reserve(sku, "buyer-a")).status());
            reserve(sku, "buyer-b");
            JsonObject report = api.adminGet("api/admin/sales/" + sale + "/report").json();
            JsonObject activity = report.getJsonObject("activity");
            assertEquals(List.of(2L, 1L), List.of(sum(activity, "holds"), sum(activity, "sales")), activity.toString());
            assertEquals(2, report.getJsonObject("total").getInt("reservations"), report.toString());
            older.rollback();
        }
    }

    /**
     * Refusals are counted in the node's memory as they are answered and added to PostgreSQL on a
     * timer, by reason: a sold-out SKU's and a buyer's limit show in the report, in its JSON and in
     * its figures' CSV. A refusal about no SKU of a sale (an unknown SKU) is nobody's.
     */
    @Test
    void refusalsAreCountedByReasonAsTheSaleRuns() throws IOException {
        String sku = Sales.uniqueSku("refused");
        String sale = Sales.openSale(api, sku, 1, 1, 600, "REFUSE").getString("id");
        reserve(sku, "buyer-first");
        for (int i = 0; i < 3; i++) {
            Api.Answer soldOut = api.reserve(sku + "-late-" + i, sku, "buyer-late-" + i, 1);
            assertEquals(409, soldOut.status(), soldOut.toString());
            assertEquals("sold-out", soldOut.problemType());
        }
        assertEquals(404, api.reserve(sku + "-unknown", "NO-SUCH-" + sku, "buyer-x", 1).status());

        JsonObject total = await("the refusals flushed").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                .until(() -> api.adminGet("api/admin/sales/" + sale + "/report").json().getJsonObject("total"),
                        funnel -> funnel.getJsonObject("refusals").containsKey("sold-out")
                                && funnel.getJsonObject("refusals").getInt("sold-out") >= 3);
        JsonObject activity = await("the refusals' seconds flushed").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                .until(() -> api.adminGet("api/admin/sales/" + sale + "/report").json().getJsonObject("activity"),
                        counted -> sum(counted, "refusals") >= 3);
        assertEquals(List.of(1L, 0L, 3L), List.of(sum(activity, "holds"), sum(activity, "sales"), sum(activity, "refusals")),
                activity.toString());
        assertEquals(Map.of("sold-out", 3), total.getJsonObject("refusals").entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, entry -> ((JsonNumber) entry.getValue()).intValue())));
        List<CSVRecord> figures = csv("api/admin/sales/" + sale + "/report/figures.csv", FIGURES);
        assertEquals("3", figures.get(1).get("refused"));
        assertEquals("sold-out=3", figures.get(1).get("refusals"));
        assertEquals(0, Db.scalar("SELECT count(*) FROM sku_refusal WHERE sku = ?", "NO-SUCH-" + sku));
    }

    /**
     * The report is counted as the sale runs (the ledger folded into a row per SKU), and a fold
     * never loses an entry of a transaction still open as it folds, though a later one committed
     * first: the hold written below, on one sale, is the ledger's older entry, the reserve on
     * another sale the newer. A fold that took what it could see (by entry id, or below its own
     * transaction) would pass the open hold by for good, and its sale's report would count none.
     */
    @Test
    void aHoldStillBeingWrittenWhenTheLedgerIsFoldedIsCountedOnceItIsWritten() throws Exception {
        String writing = Sales.uniqueSku("fold-open");
        String writingSale = Sales.openSale(api, writing, 5, 1, 600, "REFUSE").getString("id");
        String reserving = Sales.uniqueSku("fold-later");
        String reservingSale = Sales.openSale(api, reserving, 5, 1, 600, "REFUSE").getString("id");
        String held = UUID.randomUUID().toString();
        try (Connection open = Db.connect()) {
            open.setAutoCommit(false);
            write(open, "INSERT INTO reservation (id, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, owner)"
                    + " VALUES (?::uuid, ?, ?, 'buyer-open', 1, 'HELD', now(), now() + interval '10 minutes', now(),"
                    + " '00000000-0000-0000-0000-000000000000')", held, "open-" + held, writing);
            write(open, "UPDATE stock_shard SET held = held + 1 WHERE sku = ? AND shard = 0", writing);
            write(open, "INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta) VALUES (?::uuid, ?, 'CLAIM', 1, 1, 0)",
                    held, writing);
            reserve(reserving, "buyer-later");
            assertEquals(1, report(reservingSale).getInt("reservations"));
            assertEquals(0, report(writingSale).getInt("reservations"), "the open hold is not there yet");
            open.commit();
        }
        assertTrue(Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND id > (SELECT id FROM stock_movement"
                + " WHERE reservation_id = ?::uuid)", reserving, held) == 1, "the reserve's entry is the newer one");
        JsonObject total = report(writingSale);
        assertEquals(Map.of("reservations", 1L, "held", 1L, "unitsHeld", 1L, "buyers", 1L),
                counts(total, "reservations", "held", "unitsHeld", "buyers"), total.toString());
        await("the hold folded, not only read from the ledger").atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(200))
                .until(() -> Db.scalar("SELECT count(*) FROM sku_report WHERE sku = ? AND reservations = 1", writing) == 1);
    }

    /**
     * An export holds a connection and a transaction while it streams, so a node streams at most
     * two at once: two clients that stop reading a large export keep theirs open, a third is asked
     * to come back (503 exports-busy, Retry-After) and given nothing, and once the two hang up the
     * next export streams whole.
     */
    @Test
    void aThirdExportAtOnceIsAskedToComeBackLater() throws Exception {
        String sku = Sales.uniqueSku("exports");
        String sale = Sales.openSale(api, sku, 1, 1, 600, "REFUSE").getString("id");
        // About 11 MB of CSV: more than the sockets between a stalled client (16 KB) and the server hold.
        int rows = 60_000;
        Db.update("INSERT INTO reservation (id, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, owner)"
                + " SELECT gen_random_uuid(), 'export-' || g, ?, 'buyer-' || g, 1, 'EXPIRED', now(), now(), now(),"
                + " '00000000-0000-0000-0000-000000000000' FROM generate_series(1, ?) g", sku, rows);
        Db.update("INSERT INTO stock_movement (reservation_id, sku, kind, qty, held_delta, sold_delta)"
                + " SELECT id, sku, kind, 1, delta, 0 FROM reservation, (VALUES ('CLAIM', 1), ('EXPIRE', -1)) AS moves(kind, delta)"
                + " WHERE sku = ?", sku);
        String path = "api/admin/sales/" + sale + "/report/reservations.csv";
        String auth = Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD);
        try (RawHttp first = RawHttp.stalled(TestServer.url()); RawHttp second = RawHttp.stalled(TestServer.url())) {
            // Each has its slot once its answer has begun: a refused export would begin with 503.
            first.write(path, "Authorization", auth);
            assertEquals(200, first.readStatusLine(), "the first export streams");
            second.write(path, "Authorization", auth);
            assertEquals(200, second.readStatusLine(), "the second export streams");
            Api.Answer busy = api.adminGet(path);
            assertEquals(503, busy.status(), busy.toString());
            assertEquals("exports-busy", busy.problemType());
            assertNotNull(busy.header("Retry-After"), busy.toString());
        }
        Api.Answer whole = await("the stalled exports ended").atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofMillis(200))
                .until(() -> api.adminGet(path), answer -> answer.status() == 200);
        assertEquals(rows + 1, whole.body().lines().count(), "a header row and every reservation");
    }

    @Test
    void aSaleThatIsNotThereHasNoReportAndAnIdThatIsNoneIsRefused() {
        for (String path : List.of("report", "report/figures.csv", "report/reservations.csv")) {
            Api.Answer missing = api.adminGet("api/admin/sales/" + UUID.randomUUID() + "/" + path);
            assertEquals(404, missing.status(), path + ": " + missing);
            assertEquals("sale-not-found", missing.problemType());
            Api.Answer invalid = api.adminGet("api/admin/sales/42/" + path);
            assertEquals(400, invalid.status(), path + ": " + invalid);
            assertEquals("invalid-id", invalid.problemType());
        }
    }

    private String reserve(String sku, String buyer) {
        Api.Answer held = api.reserve(sku + "-" + buyer, sku, buyer, 1);
        assertEquals(201, held.status(), held.toString());
        return held.json().getString("id");
    }

    /** The activity's {@code name} over all its points. */
    private static long sum(JsonObject activity, String name) {
        return activity.getJsonArray("points").getValuesAs(JsonObject.class).stream()
                .mapToLong(point -> point.getJsonNumber(name).longValue()).sum();
    }

    private JsonObject report(String sale) {
        Api.Answer answer = api.adminGet("api/admin/sales/" + sale + "/report");
        assertEquals(200, answer.status(), answer.toString());
        return answer.json().getJsonObject("total");
    }

    private static void write(Connection db, String sql, Object... params) throws SQLException {
        try (PreparedStatement statement = db.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                statement.setObject(i + 1, params[i]);
            }
            statement.executeUpdate();
        }
    }

    private static long ledger(String sku, String kind) {
        return Db.scalar("SELECT count(*) FROM stock_movement WHERE sku = ? AND kind = ?", sku, kind);
    }

    private static Map<String, Long> counts(JsonObject funnel, String... names) {
        return Arrays.stream(names).collect(Collectors.toMap(name -> name, name -> funnel.getJsonNumber(name).longValue()));
    }

    private List<CSVRecord> csv(String path, String... header) throws IOException {
        Api.Answer file = api.adminGet(path);
        assertEquals(200, file.status(), file.toString());
        assertTrue(file.contentType().startsWith("text/csv"), file.contentType());
        try (CSVParser parser = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
                .parse(new StringReader(file.body()))) {
            assertEquals(List.of(header), parser.getHeaderNames());
            return parser.getRecords();
        }
    }
}
