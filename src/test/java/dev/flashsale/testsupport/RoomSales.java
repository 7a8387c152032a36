package dev.flashsale.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.awaitility.Awaitility;

/** Sales with a waiting room, made and used through the admin and storefront APIs. */
public final class RoomSales {

    private RoomSales() {
    }

    /**
     * How long a test waits for the room to come to a state: time enough for a machine several
     * times slower than this one, never a measure of it.
     */
    public static final Duration PATIENCE = Duration.ofSeconds(60);

    /** An opening a test reaches only by {@link #openNow}: the room takes pre-queue tickets until then. */
    public static final Duration LATER = Duration.ofHours(1);

    /** The room's settings, as {@code PUT /api/admin/sales/{id}/room} takes them. */
    public record Room(int admissionPerSecond, int maxActive, int tokenSeconds, int missedPollSeconds) {
    }

    /** An open sale of {@code units} of {@code sku} starting at {@code opensAt}, its room on; @return its id */
    public static UUID open(Api api, String sku, int units, int maxPerOrder, int holdSeconds, Instant opensAt, Room room) {
        return open(api, sku, units, maxPerOrder, holdSeconds, opensAt, null, room);
    }

    /** As above, the sale ending at {@code endsAt} (null: no end); @return its id */
    public static UUID open(Api api, String sku, int units, int maxPerOrder, int holdSeconds, Instant opensAt, Instant endsAt,
                            Room room) {
        JsonObjectBuilder body = Json.createObjectBuilder()
                .add("name", "Room sale of " + sku)
                .add("holdSeconds", holdSeconds)
                .add("maxPerOrder", maxPerOrder)
                .add("startsAt", opensAt.toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", units)));
        if (endsAt != null) {
            body.add("endsAt", endsAt.toString());
        }
        Api.Answer created = api.adminPost("api/admin/sales", body.build().toString());
        assertEquals(201, created.status(), created.toString());
        UUID id = UUID.fromString(created.json().getString("id"));
        assertEquals(200, api.adminPostEmpty("api/admin/sales/" + id + "/open").status());
        Api.Answer set = api.adminPut("api/admin/sales/" + id + "/room", Json.createObjectBuilder()
                .add("enabled", true).add("admissionPerSecond", room.admissionPerSecond()).add("maxActive", room.maxActive())
                .add("tokenSeconds", room.tokenSeconds()).add("missedPollSeconds", room.missedPollSeconds()).build().toString());
        assertEquals(200, set.status(), set.toString());
        assertEquals(64, set.json().getString("seedHash").length());
        return id;
    }

    /**
     * Waits until each node guards the sale's SKU with its room: a node learns of a room set on
     * another when the change is announced (or within {@code flashsale.room.directory-refresh-ms})
     * and lets reserves through unchecked until then. Asked with an order above the sale's most
     * per order (1) and no token, which no answer but the room's refusal (403) or the order's
     * (4xx) can meet, so nothing is taken.
     */
    public static void awaitKnownBy(Api[] nodes, String sku) {
        for (Api node : nodes) {
            Awaitility.await("the room known by " + node.base()).atMost(PATIENCE).pollInterval(Duration.ofMillis(100)).until(() -> {
                Api.Answer probe = node.post("api/reservations", Api.reserveBody(sku, "probe", 2), "Idempotency-Key", "probe-" + UUID.randomUUID());
                assertTrue(probe.status() >= 400 && probe.status() < 500, probe.toString());
                return probe.status() == 403 && probe.problemType().equals("admission-required");
            });
        }
    }

    /**
     * The buyer's ticket (new: 201, or theirs from before: 200). A 503 {@code room-unavailable}
     * (Redis slower than the tests' server waits for it, beside many classes on two cores) is
     * asked again a second later (its Retry-After), as a storefront does: a buyer's ticket is the
     * same however often asked for.
     */
    public static Api.Answer take(Api api, UUID sale, String buyer) {
        String body = Json.createObjectBuilder().add("buyerId", buyer).build().toString();
        Api.Answer answer = api.post("api/sales/" + sale + "/queue", body);
        for (int again = 0; again < 3 && answer.status() == 503 && "room-unavailable".equals(answer.problemType()); again++) {
            Pause.millis(1_000);
            answer = api.post("api/sales/" + sale + "/queue", body);
        }
        if (answer.status() != 200 && answer.status() != 201) {
            throw new AssertionError("no ticket for " + buyer + ": " + answer);
        }
        return answer;
    }

    /** Where the ticket stands. */
    public static JsonObject poll(Api api, UUID sale, String ticket) {
        Api.Answer answer = api.get("api/sales/" + sale + "/queue/" + ticket);
        if (answer.status() != 200) {
            throw new AssertionError("poll of " + ticket + ": " + answer);
        }
        return answer.json();
    }

    /**
     * Moves the sale's opening second (its startsAt) to now, as a merchandiser would, and sets its
     * room again with the settings it has, so that Redis opens the room at once: the tickets taken
     * before are the lottery's, the later ones queue behind them. The test decides when the room
     * opens, however long its tickets took.
     */
    public static void openNow(Api api, UUID sale) {
        // A second back, so that Redis' clock, read a moment later, is past it whatever its rounding.
        startsAt(api, sale, Instant.now().minusSeconds(1));
        JsonObject room = api.adminGet("api/admin/sales/" + sale + "/room").json();
        Api.Answer set = api.adminPut("api/admin/sales/" + sale + "/room", Json.createObjectBuilder()
                .add("enabled", room.getBoolean("enabled")).add("admissionPerSecond", room.getInt("admissionPerSecond"))
                .add("maxActive", room.getInt("maxActive")).add("tokenSeconds", room.getInt("tokenSeconds"))
                .add("missedPollSeconds", room.getInt("missedPollSeconds")).build().toString());
        assertEquals(200, set.status(), set.toString());
    }

    /** Moves the sale's opening second (its startsAt) to {@code startsAt}, its other terms unchanged. */
    public static void startsAt(Api api, UUID sale, Instant startsAt) {
        JsonObject view = api.adminGet("api/admin/sales/" + sale).json();
        Api.Answer moved = api.adminPut("api/admin/sales/" + sale, termsOf(view, items(view)).add("startsAt", startsAt.toString()).build().toString());
        assertEquals(200, moved.status(), moved.toString());
    }

    /**
     * Adds {@code units} of a new {@code sku} to the sale, its other terms unchanged, as a
     * merchandiser does with {@code PUT /api/admin/sales/{id}}.
     */
    public static void addSku(Api api, UUID sale, String sku, int units) {
        JsonObject view = api.adminGet("api/admin/sales/" + sale).json();
        JsonArrayBuilder items = items(view).add(Json.createObjectBuilder().add("sku", sku).add("units", units));
        JsonObjectBuilder terms = termsOf(view, items);
        if (view.get("startsAt") instanceof JsonString startsAt) {
            terms.add("startsAt", startsAt.getString());
        }
        Api.Answer changed = api.adminPut("api/admin/sales/" + sale, terms.build().toString());
        assertEquals(200, changed.status(), changed.toString());
    }

    private static JsonArrayBuilder items(JsonObject view) {
        JsonArrayBuilder items = Json.createArrayBuilder();
        for (JsonObject item : view.getJsonArray("items").getValuesAs(JsonObject.class)) {
            items.add(Json.createObjectBuilder().add("sku", item.getString("sku")).add("units", item.getInt("total")));
        }
        return items;
    }

    /** The sale's terms as its view shows them, with {@code items}, but for its window. */
    private static JsonObjectBuilder termsOf(JsonObject view, JsonArrayBuilder items) {
        JsonObjectBuilder terms = Json.createObjectBuilder().add("name", view.getString("name"))
                .add("holdSeconds", view.getInt("holdSeconds")).add("maxPerOrder", view.getInt("maxPerOrder"))
                .add("latePayment", view.getString("latePayment")).add("items", items);
        // Absent when the sale has no cap per buyer (JSON-B leaves nulls out).
        if (view.get("maxPerBuyer") instanceof JsonNumber maxPerBuyer) {
            terms.add("maxPerBuyer", maxPerBuyer.intValue());
        }
        return terms;
    }

    /**
     * Switches the sale's room on in PostgreSQL alone, as no merchandiser can: no node is told, as
     * when an announcement is lost. Undone by {@link #forgetUnannouncedRoom}.
     */
    public static void switchOnUnannounced(String sale) {
        assertEquals(1, Db.update("INSERT INTO sale_room (sale_id, enabled, admission_per_second, max_active, token_seconds,"
                + " missed_poll_seconds, seed, seed_hash) VALUES (CAST(? AS uuid), true, 100, 100, 600, 600, decode(?, 'hex'), ?)",
                sale, "ab".repeat(32), "0".repeat(64)));
    }

    /** Removes a room switched on by {@link #switchOnUnannounced}, so that no other test meets it among the rooms on. */
    public static void forgetUnannouncedRoom(String sale) {
        Db.update("DELETE FROM sale_room WHERE sale_id = CAST(? AS uuid)", sale);
    }

    /** Polls the ticket until its answer meets {@code until}, for up to {@link #PATIENCE}; @return that answer */
    public static JsonObject awaitPoll(Api api, UUID sale, String ticket, String what, Predicate<JsonObject> until) {
        return Awaitility.await("ticket " + ticket + " " + what).atMost(PATIENCE).pollInterval(Duration.ofMillis(100))
                .until(() -> poll(api, sale, ticket), until);
    }

    /** Polls the ticket until it has {@code status}; @return that answer */
    public static JsonObject awaitStatus(Api api, UUID sale, String ticket, String status) {
        return awaitPoll(api, sale, ticket, status, answer -> answer.getString("status").equals(status));
    }

    /** The sale's room as merchandisers see it: settings, and its own figures (waiting, admitted, active ...). */
    public static JsonObject view(Api api, UUID sale) {
        Api.Answer answer = api.adminGet("api/admin/sales/" + sale + "/room");
        assertEquals(200, answer.status(), answer.toString());
        return answer.json();
    }

    /** One of the room's own figures: waiting, preQueue, admitted, admittedNotReserved, active. */
    public static long figure(Api api, UUID sale, String name) {
        return view(api, sale).getJsonNumber(name).longValue();
    }

    /** What the lottery's record shows of a ticket, as docs/api.md computes it: the SHA-256 of its UTF-8, in lower-case hex. */
    public static String commitment(String ticket) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(ticket.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The lottery as docs/api.md says anyone recomputes it from the record: the commitments in
     * ascending order of HMAC-SHA256(seed, commitment) in hex, equal ranks by commitment.
     */
    public static List<String> recomputedOrder(byte[] seed, List<String> commitments) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(seed, "HmacSHA256"));
            record Ranked(String commitment, String rank) {
            }
            return commitments.stream()
                    .map(c -> new Ranked(c, HexFormat.of().formatHex(mac.doFinal(c.getBytes(StandardCharsets.UTF_8)))))
                    .sorted(Comparator.comparing(Ranked::rank).thenComparing(Ranked::commitment))
                    .map(Ranked::commitment)
                    .toList();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
