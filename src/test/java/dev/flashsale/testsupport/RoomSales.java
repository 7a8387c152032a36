package dev.flashsale.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.UUID;

/** Sales with a waiting room, made and used through the admin and storefront APIs. */
public final class RoomSales {

    private RoomSales() {
    }

    /** The room's settings, as {@code PUT /api/admin/sales/{id}/room} takes them. */
    public record Room(int admissionPerSecond, int maxActive, int tokenSeconds, int missedPollSeconds) {
    }

    /** An open sale of {@code units} of {@code sku} starting at {@code opensAt}, its room on; @return its id */
    public static UUID open(Api api, String sku, int units, int maxPerOrder, int holdSeconds, Instant opensAt, Room room) {
        JsonObject body = Json.createObjectBuilder()
                .add("name", "Room sale of " + sku)
                .add("holdSeconds", holdSeconds)
                .add("maxPerOrder", maxPerOrder)
                .add("startsAt", opensAt.toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", units)))
                .build();
        Api.Answer created = api.adminPost("api/admin/sales", body.toString());
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

    /** The buyer's ticket (new: 201, or theirs from before: 200). */
    public static Api.Answer take(Api api, UUID sale, String buyer) {
        Api.Answer answer = api.post("api/sales/" + sale + "/queue", Json.createObjectBuilder().add("buyerId", buyer).build().toString());
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
}
