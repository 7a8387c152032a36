package dev.flashsale.bench;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

/**
 * The application's HTTP API as the benchmark uses it to set the phases up and read their
 * outcome: the merchandiser's calls, which must succeed, and a few storefront calls. The load
 * itself is wrk's (bench/*.lua), with this client's storefront key.
 */
final class FlashSaleClient {

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final URI base;
    private final String adminAuthorization;
    private final String storefrontKey;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    FlashSaleClient(URI base, String adminUser, String adminPassword) {
        this.base = base;
        this.adminAuthorization = "Basic " + Base64.getEncoder()
                .encodeToString((adminUser + ":" + adminPassword).getBytes(StandardCharsets.UTF_8));
        this.storefrontKey = issueStorefrontKey();
    }

    /** The benchmark calls the storefront API with a key of its own, issued through the admin API. */
    private String issueStorefrontKey() {
        String body = Json.createObjectBuilder().add("name", "benchmark").build().toString();
        return json(send(request("api/admin/api-keys").header("Authorization", adminAuthorization)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))), 201)
                .getString("key");
    }

    /** The storefront key the benchmark was issued, for wrk's requests. */
    String storefrontKey() {
        return storefrontKey;
    }

    /** {@code POST /api/reservations} for one unit under the given idempotency key: its status. */
    int reserve(String sku, String buyerId, String idempotencyKey) {
        String body = Json.createObjectBuilder().add("sku", sku).add("buyerId", buyerId).add("qty", 1).build().toString();
        return send(request("api/reservations")
                .header("X-Api-Key", storefrontKey)
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", idempotencyKey)
                .POST(HttpRequest.BodyPublishers.ofString(body))).statusCode();
    }

    /** {@code GET /api/skus/{sku}/stock}: {sku,total,available,held,sold}. */
    JsonObject stock(String sku) {
        return json(send(request("api/skus/" + sku + "/stock").header("X-Api-Key", storefrontKey).GET()), 200);
    }

    /** Creates a console user (viewer) with this password. */
    void createViewer(String username, String password) {
        String body = Json.createObjectBuilder().add("username", username).add("password", password).add("role", "viewer")
                .build().toString();
        json(send(request("api/admin/users").header("Authorization", adminAuthorization)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))), 201);
    }

    /** {@code GET /api/admin/gate}: {enabled,inUse,redisFailures}. */
    JsonObject gateStatus() {
        return json(send(request("api/admin/gate").header("Authorization", adminAuthorization).GET()), 200);
    }

    /** The server's counters of reservations grouped into shared transactions. */
    JsonObject checkoutGroups() {
        return json(send(request("api/admin/checkout-groups").header("Authorization", adminAuthorization).GET()), 200);
    }

    /** Creates and opens a sale of one SKU over {@code shards} stock rows, holds of ten minutes, one unit per order. */
    void openSale(String sku, int units, int shards) {
        String sale = Json.createObjectBuilder()
                .add("name", "Benchmark " + sku).add("holdSeconds", 600).add("maxPerOrder", 1).add("latePayment", "REFUSE")
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", units)
                        .add("shards", shards)))
                .build().toString();
        JsonObject created = json(send(request("api/admin/sales").header("Authorization", adminAuthorization)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(sale))), 201);
        json(send(request("api/admin/sales/" + created.getString("id") + "/open").header("Authorization", adminAuthorization)
                .header("X-Requested-By", "flashsale-benchmark").POST(HttpRequest.BodyPublishers.noBody())), 200);
    }

    /**
     * Creates and opens a sale of one SKU starting at {@code startsAt}, with its waiting room on:
     * {@code admissionPerSecond} buyers admitted a second, tokens and missed polls of ten minutes.
     *
     * @return the sale's id
     */
    String openRoomSale(String sku, int units, Instant startsAt, int admissionPerSecond) {
        String sale = Json.createObjectBuilder()
                .add("name", "Benchmark room " + sku).add("holdSeconds", 600).add("maxPerOrder", 1).add("latePayment", "REFUSE")
                .add("startsAt", startsAt.toString())
                .add("items", Json.createArrayBuilder().add(Json.createObjectBuilder().add("sku", sku).add("units", units)))
                .build().toString();
        String id = json(send(request("api/admin/sales").header("Authorization", adminAuthorization)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(sale))), 201).getString("id");
        json(send(request("api/admin/sales/" + id + "/open").header("Authorization", adminAuthorization)
                .header("X-Requested-By", "flashsale-benchmark").POST(HttpRequest.BodyPublishers.noBody())), 200);
        String room = Json.createObjectBuilder().add("enabled", true).add("admissionPerSecond", admissionPerSecond)
                .add("maxActive", 10_000_000).add("tokenSeconds", 600).add("missedPollSeconds", 600).build().toString();
        json(send(request("api/admin/sales/" + id + "/room").header("Authorization", adminAuthorization)
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(room))), 200);
        return id;
    }

    /** {@code POST /api/sales/{id}/queue} for a new buyer: the ticket. */
    String takeTicket(String saleId, String buyerId) {
        String body = Json.createObjectBuilder().add("buyerId", buyerId).build().toString();
        return json(send(request("api/sales/" + saleId + "/queue").header("X-Api-Key", storefrontKey)
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body))), 201).getString("ticket");
    }

    /** {@code GET /api/sales/{id}/queue/{ticket}}: where the ticket stands. */
    JsonObject poll(String saleId, String ticket) {
        return json(send(request("api/sales/" + saleId + "/queue/" + ticket).header("X-Api-Key", storefrontKey).GET()), 200);
    }

    /** {@code POST /api/reservations} for one unit with an admission token: the reservation (201), or null when refused. */
    JsonObject reserveAdmitted(String sku, String buyerId, String idempotencyKey, String token) {
        String body = Json.createObjectBuilder().add("sku", sku).add("buyerId", buyerId).add("qty", 1).build().toString();
        HttpResponse<String> answer = send(request("api/reservations").header("X-Api-Key", storefrontKey)
                .header("Content-Type", "application/json").header("Idempotency-Key", idempotencyKey)
                .header("X-Admission-Token", token).POST(HttpRequest.BodyPublishers.ofString(body)));
        return answer.statusCode() == 201 ? json(answer, 201) : null;
    }

    /** {@code POST /api/reservations/{id}/confirm}: its status. */
    int confirm(String reservationId) {
        return send(request("api/reservations/" + reservationId + "/confirm").header("X-Api-Key", storefrontKey)
                .POST(HttpRequest.BodyPublishers.noBody())).statusCode();
    }

    /** {@code POST /api/reservations/{id}/cancel}: its status. */
    int cancel(String reservationId) {
        return send(request("api/reservations/" + reservationId + "/cancel").header("X-Api-Key", storefrontKey)
                .POST(HttpRequest.BodyPublishers.noBody())).statusCode();
    }

    /** {@code GET /api/admin/sales/{id}/room}: the room's settings and its own figures. */
    JsonObject room(String saleId) {
        return json(send(request("api/admin/sales/" + saleId + "/room").header("Authorization", adminAuthorization).GET()), 200);
    }

    /** A sample of /metrics by its name, whatever its labels (0 when absent). */
    double metric(String name) {
        HttpResponse<String> answer = send(request("metrics").header("Authorization", adminAuthorization).GET());
        return answer.body().lines().filter(line -> !line.startsWith("#"))
                .filter(line -> line.startsWith(name + "{") || line.startsWith(name + " "))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1))).sum();
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(REQUEST_TIMEOUT);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IllegalStateException("No answer from " + base + ": " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted", e);
        }
    }

    private static JsonObject json(HttpResponse<String> response, int expectedStatus) {
        if (response.statusCode() != expectedStatus) {
            throw new IllegalStateException(response.request().method() + " " + response.uri() + " answered "
                    + response.statusCode() + " (expected " + expectedStatus + "): " + response.body());
        }
        try (JsonReader reader = Json.createReader(new StringReader(response.body()))) {
            return reader.readObject();
        }
    }
}
