package dev.flashsale.testsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.flashsale.testsupport.history.DeliveredEvent;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.List;

/** Webhooks registered and deleted through the admin API, and what a receiver got, for the event checker. */
public final class Webhooks {

    /** A webhook as registered: its id and its whole secret (shown only at registration). */
    public record Registered(String id, String secret) {
    }

    private Webhooks() {
    }

    public static Registered register(Api api, String url, String... events) {
        Api.Answer created = api.adminPost("api/admin/webhooks", body(url, null, events));
        assertEquals(201, created.status(), created.toString());
        JsonObject answer = created.json();
        return new Registered(answer.getJsonObject("webhook").getString("id"), answer.getString("secret"));
    }

    public static void delete(Api api, String id) {
        Api.Answer deleted = deletion(api, id);
        assertEquals(204, deleted.status(), deleted.toString());
    }

    /** The administrator's deletion of the webhook, answered as it was. */
    public static Api.Answer deletion(Api api, String id) {
        return api.delete("api/admin/webhooks/" + id, "Authorization", Api.basic(Api.ADMIN_USER, Api.ADMIN_PASSWORD),
                "X-Requested-By", "flashsale-tests");
    }

    /** A registration's body: {@code secret} null for one made by the server. */
    public static String body(String url, String secret, String... events) {
        JsonArrayBuilder names = Json.createArrayBuilder();
        for (String event : events) {
            names.add(event);
        }
        JsonObjectBuilder body = Json.createObjectBuilder().add("url", url).add("events", names);
        if (secret != null) {
            body.add("secret", secret);
        }
        return body.build().toString();
    }

    /** The reservations' events among {@code received}, as the history's event checker takes them. */
    public static List<DeliveredEvent> ofReservations(List<WebhookReceiver.Received> received, String secret) {
        return received.stream().filter(got -> got.data().containsKey("reservationId"))
                .map(got -> new DeliveredEvent(got.type(), got.data().getString("reservationId"), got.answered() / 100 == 2,
                        got.signedBy(secret))).toList();
    }
}
