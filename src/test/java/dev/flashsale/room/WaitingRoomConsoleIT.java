package dev.flashsale.room;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The waiting room on a sale's dashboard, in headless Chromium: the queue, the seed's hash, pause
 * and resume, and a ticket revoked from the console (screenshot in target/console-room.png).
 */
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

        try (Browser browser = new Browser(api.base())) {
            browser.login(Api.ADMIN_USER, Api.ADMIN_PASSWORD).awaitPresent("userForm:whoami");
            browser.open("console/dashboard.xhtml?id=" + sale).awaitText("roomForm:roomWaiting", "3");
            assertEquals(room.json().getString("seedHash"), browser.text("roomForm:roomSeedHash"));
            assertEquals("admitting", browser.text("roomForm:roomState"));

            browser.click("roomForm:roomPause").awaitText("roomForm:roomState", "admission paused");
            assertTrue(api.adminGet("api/admin/sales/" + sale + "/room").json().getBoolean("paused"));
            browser.click("roomForm:roomResume").awaitText("roomForm:roomState", "admitting");

            browser.type("roomForm:ticket", tickets.get(1)).click("roomForm:roomRevoke").awaitText("roomForm:roomWaiting", "2");
            assertEquals("REVOKED", api.get("api/sales/" + sale + "/queue/" + tickets.get(1)).json().getString("status"));
            Path shot = browser.screenshot("console-room.png");
            assertTrue(Files.size(shot) > 10_000, "the screenshot shows the page");
        }
        assertEquals(List.of("room.set", "room.pause", "room.resume", "room.revoke"), Db.texts(
                "SELECT action FROM audit_event WHERE target = ? AND action LIKE 'room.%' ORDER BY id", "sale:" + sale));
    }
}
