package dev.flashsale.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.platform.id.KeyOwner;
import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Crowd;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.RoomSales;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.StockCounts;
import dev.flashsale.testsupport.TestServer;
import jakarta.json.Json;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationVersion;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A storefront key owns what it made: a second key of the same merchant (issued in the admin API)
 * finds neither the first key's reservation nor its ticket (404, as for an unknown one), acts on
 * neither, and has idempotency keys and buyers' tickets of its own; reservations recorded before
 * belong to the configured key. The tests failed before the change: the second key read the first
 * key's reservation (200), polled the first key's ticket (200, with its token), and there was no
 * migration 9.
 */
@Tag("security")
class KeyOwnershipIT {

    private final Api shop = new Api(TestServer.url());

    @Test
    void aSecondKeyFindsNoReservationOfTheFirstAndHasItsOwnIdempotencyKeys() {
        String sku = Sales.openSku(shop, 5, 1, 600, "REFUSE");
        Api kiosk = secondKey(sku);
        String key = sku + "-order-1";
        Api.Answer made = shop.reserve(key, sku, "buyer-" + sku, 1);
        assertEquals(201, made.status(), made.toString());
        String id = made.json().getString("id");

        for (Api.Answer other : new Api.Answer[] {kiosk.get("api/reservations/" + id), kiosk.confirm(id), kiosk.cancel(id),
                kiosk.extend(id, null)}) {
            assertEquals(404, other.status(), "another key's reservation is unknown to it: " + other);
            assertEquals("reservation-not-found", other.problemType(), other.toString());
        }
        Api.Answer ownSpace = kiosk.reserve(key, sku, "buyer-" + sku, 1);
        assertEquals(201, ownSpace.status(), "the same idempotency key under another key is a new checkout: " + ownSpace);
        assertNotEquals(id, ownSpace.json().getString("id"));
        Api.Answer replay = kiosk.reserve(key, sku, "buyer-" + sku, 1);
        assertEquals(200, replay.status(), "a replay by the same key answers as before: " + replay);
        assertEquals(ownSpace.json().getString("id"), replay.json().getString("id"));

        Api.Answer mine = shop.get("api/reservations/" + id);
        assertEquals("HELD", mine.json().getString("status"), "the first key's reservation is untouched: " + mine);
        assertEquals(id, shop.reserve(key, sku, "buyer-" + sku, 1).json().getString("id"), "and its own replay finds it");
        assertEquals(2, Db.scalar("SELECT count(*) FROM reservation WHERE idempotency_key = ?", key));
        assertEquals(2, Db.scalar("SELECT count(*) FROM reservation WHERE idempotency_key = ? AND status = 'HELD'", key));
        assertEquals(2, StockCounts.of(sku).held(), "one unit held per key");
        assertEquals(2, shop.adminGet("api/admin/reservations?key=" + key).jsonArray().size(), "the admin API sees both");
    }

    @Test
    void aSecondKeyFindsNoTicketOfTheFirstAndTakesItsOwn() {
        String sku = Sales.uniqueSku("owned-room");
        UUID sale = RoomSales.open(shop, sku, 5, 1, 600, Instant.now().minusSeconds(1), new RoomSales.Room(5, 5, 60, 30));
        Api kiosk = secondKey(sku);
        String buyer = "buyer-" + sku;
        String ticket = RoomSales.take(shop, sale, buyer).json().getString("ticket");
        String token = RoomSales.awaitStatus(shop, sale, ticket, "ADMITTED").getString("token");

        for (Api.Answer other : new Api.Answer[] {kiosk.get("api/sales/" + sale + "/queue/" + ticket),
                kiosk.delete("api/sales/" + sale + "/queue/" + ticket)}) {
            assertEquals(404, other.status(), "another key's ticket is unknown to it: " + other);
            assertEquals("ticket-not-found", other.problemType(), other.toString());
        }
        Api.Answer own = RoomSales.take(kiosk, sale, buyer);
        assertEquals(201, own.status(), "the same buyer id under another key gets a ticket of its own: " + own);
        assertNotEquals(ticket, own.json().getString("ticket"));
        Api.Answer borrowed = kiosk.post("api/reservations", Api.reserveBody(sku, buyer, 1), "Idempotency-Key", sku + "-borrowed",
                "X-Admission-Token", token);
        assertEquals(403, borrowed.status(), "another key's admission is not this key's: " + borrowed);
        assertEquals("admission-token-other-buyer", borrowed.problemType());

        assertEquals("ADMITTED", RoomSales.poll(shop, sale, ticket).getString("status"), "the owner's ticket is untouched");
        assertEquals(0, StockCounts.of(sku).held(), "nothing taken");
    }

    /**
     * Reservations recorded before keys owned anything go to the configured key, and from then on
     * an idempotency key is unique per owner: migrated in a schema of its own, from version 8.
     */
    @Test
    void reservationsRecordedBeforeBelongToTheConfiguredKey() throws SQLException {
        String schema = "owners_" + UUID.randomUUID().toString().substring(0, 8);
        try {
            migrate(schema, "8");
            UUID before = UUID.randomUUID();
            try (Connection db = Db.connect(); Statement sql = db.createStatement()) {
                sql.execute("SET search_path TO " + schema);
                sql.execute("INSERT INTO sale (id, name, hold_seconds, max_per_order) VALUES ('" + before + "', 'Before', 600, 1)");
                sql.execute("INSERT INTO sku_item (sku, sale_id) VALUES ('OLD-1', '" + before + "')");
                sql.execute("INSERT INTO reservation (id, idempotency_key, sku, buyer_id, qty, expires_at)"
                        + " VALUES ('" + before + "', 'order-1', 'OLD-1', 'b', 1, now())");
            }
            migrate(schema, "9");
            try (Connection db = Db.connect(); Statement sql = db.createStatement()) {
                sql.execute("SET search_path TO " + schema);
                try (ResultSet owner = sql.executeQuery("SELECT owner FROM reservation WHERE id = '" + before + "'")) {
                    owner.next();
                    assertEquals(KeyOwner.CONFIGURED.id(), owner.getObject(1), "the configured key's");
                }
                String again = "INSERT INTO reservation (id, owner, idempotency_key, sku, buyer_id, qty, expires_at) VALUES ('"
                        + UUID.randomUUID() + "', '%s', 'order-1', 'OLD-1', 'b', 1, now())";
                sql.execute(String.format(again, UUID.randomUUID()));
                SQLException taken = assertThrows(SQLException.class, () -> sql.execute(String.format(again, KeyOwner.CONFIGURED)));
                assertEquals("23505", taken.getSQLState(), "the same key of the same owner is taken: " + taken.getMessage());
            }
        } finally {
            Db.update("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
        }
    }

    private static void migrate(String schema, String version) {
        Flyway.configure().dataSource(Db.dataSource()).schemas(schema).locations("classpath:db/migration")
                .target(MigrationVersion.fromVersion(version)).load().migrate();
    }

    /** A key issued in the admin API for another channel of the same merchant. */
    /**
     * A buyer id is in its key's space, as idempotency keys are: another key naming the same buyer
     * spends neither that buyer's cap per buyer nor its rate limit. Before, a second key's requests
     * for an unknown SKU emptied the first key's buyer's bucket (429), and its hold used up the
     * first key's buyer's cap (409 buyer-limit-reached).
     */
    @Test
    void anotherKeysBuyerOfTheSameIdHasACapAndARateLimitOfItsOwn() throws Exception {
        String sku = Sales.uniqueSku("owned-buyer");
        Api.Answer created = shop.adminPost("api/admin/sales", Json.createObjectBuilder().add("name", "Capped sale of " + sku)
                .add("holdSeconds", 600).add("maxPerOrder", 1).add("maxPerBuyer", 1)
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", 10))).build().toString());
        assertEquals(201, created.status(), created.toString());
        assertEquals(200, shop.adminPostEmpty("api/admin/sales/" + created.json().getString("id") + "/open").status());
        Api kiosk = secondKey(sku);
        String buyer = "buyer-" + sku;

        Api.Answer kiosks = kiosk.reserve("kiosk-" + sku, sku, buyer, 1);
        assertEquals(201, kiosks.status(), kiosks.toString());
        Api.Answer kiosksSecond = kiosk.reserve("kiosk-again-" + sku, sku, buyer, 1);
        assertEquals(409, kiosksSecond.status(), "the kiosk's buyer is at its cap: " + kiosksSecond);
        assertEquals("buyer-limit-reached", kiosksSecond.problemType());
        // Rounds of a burst and more, until the bucket is empty: a busy machine sends a round slower
        // than the bucket fills, so that one round may not be enough. Of the sale's own SKU: one no
        // sale has is refused before the buyer's bucket is asked.
        boolean limited = false;
        for (int round = 0; round < 5 && !limited; round++) {
            String flood = "flood-" + round + "-";
            limited = Crowd.run(8, TestServer.BUYER_BURST + 20, i -> kiosk.reserve(flood + i + "-" + sku, sku, buyer, 1))
                    .stream().anyMatch(answer -> answer.status() == 429);
        }
        assertTrue(limited, "the kiosk spent its own buyer's bucket");

        Api.Answer shops = shop.reserve("shop-" + sku, sku, buyer, 1);
        assertEquals(201, shops.status(), "the shop's buyer of the same id has a cap and a bucket of its own: " + shops);
        assertEquals(2, StockCounts.of(sku).held());
        assertEquals(2, Db.scalar("SELECT count(*) FROM buyer_units b JOIN sku_item i ON i.sale_id = b.sale_id"
                + " WHERE i.sku = ? AND b.buyer_id = ? AND b.units = 1", sku, buyer), "one count per key's buyer");
    }

    private Api secondKey(String sku) {
        Api.Answer issued = shop.adminPost("api/admin/api-keys", Json.createObjectBuilder().add("name", "kiosk-" + sku).build().toString());
        assertEquals(201, issued.status(), issued.toString());
        return shop.withStorefrontKey(issued.json().getString("key"));
    }
}
