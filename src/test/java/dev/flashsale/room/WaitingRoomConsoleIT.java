package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.Api;
import dev.flashsale.testsupport.Db;
import dev.flashsale.testsupport.Sales;
import dev.flashsale.testsupport.TestServer;
import dev.flashsale.testsupport.browser.Browser;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The waiting room in the console, in headless Chromium: on a sale's dashboard the queue, the
 * seed's hash, pause and resume, and a ticket revoked (screenshot in target/console-room.png),
 * then counted in the sale's report;
 * in the sale form its settings, refused with the admin API's messages when invalid and stored
 * (and audited) when valid, read-only for a viewer. On a sale and room of its own; it runs alone
 * only for the CPU its browser takes.
 */
@Tag("browser")
@Isolated("a browser beside the classes side by side takes the CPU Redis needs on two cores: the gate's reads time out and it closes")
class WaitingRoomConsoleIT {

    private final Api api = new Api(TestServer.url());

    @Test
    void theDashboardShowsTheRoomAndAMerchandiserPausesItAndRevokesATicket() throws Exception {
        String sku = Sales.uniqueSku("room-console");
        JsonObject body = Json.createObjectBuilder().add("name", "Console room " + sku).add("maxPerOrder", 1)
                .add("startsAt", Instant.now().plusSeconds(3600).toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", 10))).build();
        String sale = api.adminPost("api/admin/sales", body.toString()).json().getString("id");
        Api.Answer room = api.adminPut("api/admin/sales/" + sale + "/room", Json.createObjectBuilder().add("enabled", true)
                .add("admissionPerSecond", 5).add("maxActive", 100).add("tokenSeconds", 60).add("missedPollSeconds", 30)
                .build().toString());
        assertEquals(200, room.status(), room.toString());
        List<String> tickets = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            tickets.add(api.post("api/sales/" + sale + "/queue", "{\"buyerId\":\"console-" + i + "\"}").json().getString("ticket"));
        }

        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.open("console/dashboard.xhtml?id=" + sale).awaitText("roomForm:roomWaiting", "3");
            assertEquals(room.json().getString("seedHash"), browser.text("roomForm:roomSeedHash"));
            assertEquals("admitting", browser.text("roomForm:roomState"));
            assertEquals(List.of("0", "0"), List.of(browser.text("roomForm:roomReturned"), browser.text("roomForm:roomReoffered")),
                    "units returned and re-offered");
            assertTrue(String.valueOf(browser.script(LAST_POINTS)).startsWith("Waiting:3,Admitted:"),
                    "the chart's last point: " + browser.script(LAST_POINTS));

            browser.click("roomForm:roomPause").awaitText("roomForm:roomState", "admission paused");
            assertTrue(api.adminGet("api/admin/sales/" + sale + "/room").json().getBoolean("paused"));
            browser.click("roomForm:roomResume").awaitText("roomForm:roomState", "admitting");

            browser.type("roomForm:ticket", tickets.get(1)).click("roomForm:roomRevoke").awaitText("roomForm:roomWaiting", "2");
            assertEquals("REVOKED", api.get("api/sales/" + sale + "/queue/" + tickets.get(1)).json().getString("status"));
            Path shot = browser.screenshot("console-room.png");
            assertTrue(Files.size(shot) > 10_000, "the screenshot shows the page");

            browser.open("console/report.xhtml?id=" + sale).awaitText("reportForm:roomTickets", "3");
            assertEquals(List.of("0", "0", "0", "1", "-"), List.of(browser.text("reportForm:roomAdmitted"), browser.text("reportForm:roomLeft"),
                    browser.text("reportForm:roomExpired"), browser.text("reportForm:roomRevoked"), browser.text("reportForm:roomWaits")),
                    "the report's room: nobody admitted before the opening, one ticket revoked");
        }
        assertEquals(List.of("room.set", "room.pause", "room.resume", "room.revoke"), Db.texts(
                "SELECT action FROM audit_event WHERE target = ? AND action LIKE 'room.%' ORDER BY id", "sale:" + sale));
    }

    /** Each series of the room's chart (Chart.js) with its last value: "Waiting:3,Admitted:0". */
    private static final String LAST_POINTS = "var box = document.getElementById('roomForm:roomChart');"
            + " var chart = window.Chart && Chart.getChart(box.querySelector('canvas'));"
            + " return chart ? chart.data.datasets.map(function (d) { return d.label + ':' + d.data[d.data.length - 1]; }).join(',')"
            + " : 'no chart';";

    @Test
    void aMerchandiserSetsTheRoomInTheSaleFormAndAViewerOnlyReadsIt() throws Exception {
        Instant startsAt = Instant.now().plus(2, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MINUTES);
        String sku = Sales.uniqueSku("room-form");
        JsonObject body = Json.createObjectBuilder().add("name", "Room form " + sku).add("maxPerOrder", 1)
                .add("startsAt", startsAt.toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", 10))).build();
        String sale = api.adminPost("api/admin/sales", body.toString()).json().getString("id");
        String roomPath = "api/admin/sales/" + sale + "/room";
        assertEquals(404, api.adminGet(roomPath).status(), "no room before the form sets one");

        try (Browser browser = Browser.of(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.open("console/sale.xhtml?id=" + sale).awaitPresent("roomSettingsForm:admissionPerSecond");

            browser.type("roomSettingsForm:admissionPerSecond", "0").type("roomSettingsForm:missedPollSeconds", "1")
                    .type("roomSettingsForm:maxActive", "").click("roomSettingsForm:saveRoom")
                    .awaitText("roomSettingsForm:admissionPerSecondMessage", "1 to 100,000 buyers a second, a whole number");
            assertEquals("3 to 3,600 seconds, a whole number", messageOf(browser, "missedPollSeconds"));
            assertEquals("Give the most buyers active at once", messageOf(browser, "maxActive"));
            assertEquals(404, api.adminGet(roomPath).status(), "an invalid room is not stored");

            browser.type("roomSettingsForm:admissionPerSecond", "7").type("roomSettingsForm:maxActive", "3")
                    .type("roomSettingsForm:tokenSeconds", "90").type("roomSettingsForm:missedPollSeconds", "12")
                    .setValue("roomSettingsForm:preQueueOpensAt_input", utc(startsAt.plus(1, ChronoUnit.HOURS)))
                    .click("roomSettingsForm:saveRoom").awaitBodyContains("is after the sale's startsAt");
            assertEquals(404, api.adminGet(roomPath).status(), "a pre-queue opening after the start is not stored");

            browser.setValue("roomSettingsForm:preQueueOpensAt_input", utc(startsAt.minus(30, ChronoUnit.MINUTES)))
                    .click("roomSettingsForm:saveRoom").awaitBodyContains("Waiting room saved");
            assertTrue(Files.size(browser.screenshot("console-room-settings.png")) > 10_000, "the screenshot shows the form");
        }
        Api.Answer stored = api.adminGet(roomPath);
        assertEquals(200, stored.status(), stored.toString());
        JsonObject room = stored.json();
        assertTrue(room.getBoolean("enabled"), room.toString());
        assertEquals(7, room.getInt("admissionPerSecond"));
        assertEquals(3, room.getInt("maxActive"));
        assertEquals(90, room.getInt("tokenSeconds"));
        assertEquals(12, room.getInt("missedPollSeconds"));
        assertEquals(startsAt.minus(30, ChronoUnit.MINUTES), Instant.parse(room.getString("preQueueOpensAt")));
        assertEquals(1, Db.scalar("SELECT count(*) FROM sale_room WHERE sale_id = ?::uuid AND enabled AND admission_per_second = 7"
                + " AND max_active = 3 AND token_seconds = 90 AND missed_poll_seconds = 12", sale));
        assertEquals(List.of("room.set " + Api.ADMIN_USER), Db.texts("SELECT action || ' ' || actor FROM audit_event"
                + " WHERE target = ? AND action LIKE 'room.%' ORDER BY id", "sale:" + sale), "one change, audited once");

        String viewer = "room-viewer-" + Sales.uniqueSku("v").toLowerCase();
        assertEquals(201, api.adminPost("api/admin/users", "{\"username\":\"" + viewer
                + "\",\"password\":\"viewer-password-1\",\"role\":\"viewer\"}").status());
        try (Browser browser = Browser.of(api.base())) {
            browser.login(viewer, "viewer-password-1").awaitPresent("userForm:whoami");
            browser.open("console/sale.xhtml?id=" + sale).awaitPresent("roomSettingsForm:admissionPerSecond");
            assertEquals("7", browser.byId("roomSettingsForm:admissionPerSecond").getAttribute("value"));
            assertFalse(browser.byId("roomSettingsForm:admissionPerSecond").isEnabled(), "a viewer only reads the room");
            assertFalse(browser.has("roomSettingsForm:saveRoom"), "a viewer gets no button to change the room");
        }
    }

    private static String messageOf(Browser browser, String field) {
        return browser.text("roomSettingsForm:" + field + "Message");
    }

    private static String utc(Instant at) {
        return DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC).format(at);
    }
}
