package dev.flashsale.testsupport;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.Executors;
import java.util.function.BiConsumer;

/** A client of the deployed application's HTTP API, as a storefront or a merchandiser. */
public final class Api {

    public static final String ADMIN_USER = "it-admin";
    public static final String ADMIN_PASSWORD = "it-admin-password";
    /** The storefront key the tests' server is configured with (TestServer). */
    public static final String STOREFRONT_KEY = "it-storefront-key";
    public static final String KEY_HEADER = "X-Api-Key";
    /** The key the tests' server signs admission tokens with (TestServer). */
    public static final String ROOM_TOKEN_KEY = "it-room-token-key-of-at-least-32-characters";

    private final URI base;
    private final HttpClient http;
    private final String storefrontKey;
    private final BiConsumer<HttpRequest, Answer> seen;

    public Api(URL deployment) {
        this(URI.create(deployment.toString().endsWith("/") ? deployment.toString() : deployment + "/"),
                // HTTP/1.1, as storefront backends behind a load balancer speak to the servers: the
                // JDK's default, an upgrade to HTTP/2 over cleartext, meets a fault of the server
                // (Payara Micro 6.2025.10 keeps concurrent h2c streams' requests on its heap).
                HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(10))
                        .executor(Executors.newCachedThreadPool())
                        .build(),
                STOREFRONT_KEY, (request, answer) -> { });
    }

    private Api(URI base, HttpClient http, String storefrontKey, BiConsumer<HttpRequest, Answer> seen) {
        this.base = base;
        this.http = http;
        this.storefrontKey = storefrontKey;
        this.seen = seen;
    }

    /** The same client with another storefront key, or none ({@code null}). */
    public Api withStorefrontKey(String key) {
        return new Api(base, http, key, seen);
    }

    /** The same client, telling {@code seen} of every answer it gets (but {@link #getBytes}'s) and the request it answered. */
    public Api seenBy(BiConsumer<HttpRequest, Answer> seen) {
        return new Api(base, http, storefrontKey, this.seen.andThen(seen));
    }

    public URI base() {
        return base;
    }

    public Answer get(String path, String... headers) {
        return send(request(path, headers).GET());
    }

    public Answer post(String path, String json, String... headers) {
        return send(request(path, headers).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Answer put(String path, String json, String... headers) {
        return send(request(path, headers).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** POST with full control over the headers (content type included) and a raw body. */
    public Answer postRaw(String path, String body, String... headers) {
        return send(request(path, headers).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** POST of a JSON body whose length is not said in advance (sent chunked). */
    public Answer postChunked(String path, String json, String... headers) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return send(request(path, headers).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body))));
    }

    public Answer delete(String path, String... headers) {
        return send(request(path, headers).DELETE());
    }

    public Answer options(String path, String... headers) {
        return send(request(path, headers).method("OPTIONS", HttpRequest.BodyPublishers.noBody()));
    }

    public Answer adminPut(String path, String json) {
        return put(path, json, "Authorization", basic(ADMIN_USER, ADMIN_PASSWORD));
    }

    public Answer postEmpty(String path, String... headers) {
        return send(request(path, headers).POST(HttpRequest.BodyPublishers.noBody()));
    }

    public Answer reserve(String idempotencyKey, String sku, String buyerId, int qty) {
        return post("api/reservations", reserveBody(sku, buyerId, qty), "Idempotency-Key", idempotencyKey);
    }

    public static String reserveBody(String sku, String buyerId, int qty) {
        return Json.createObjectBuilder().add("sku", sku).add("buyerId", buyerId).add("qty", qty).build().toString();
    }

    public Answer confirm(String reservationId) {
        return postEmpty("api/reservations/" + reservationId + "/confirm");
    }

    public Answer cancel(String reservationId) {
        return postEmpty("api/reservations/" + reservationId + "/cancel");
    }

    /** Extends a hold by {@code json}'s seconds ({@code null}: no body, the sale's most). */
    public Answer extend(String reservationId, String json) {
        String path = "api/reservations/" + reservationId + "/extend";
        return json == null ? postEmpty(path) : post(path, json);
    }

    public Answer stock(String sku) {
        return get("api/skus/" + sku + "/stock");
    }

    /** Rebuilds the SKU's gate counter from PostgreSQL: how a test puts back a counter it broke on purpose. */
    public void rebuildCounter(String sku) {
        Answer rebuilt = adminPostEmpty("api/admin/skus/" + sku + "/rebuild-counter");
        if (rebuilt.status() != 200) {
            throw new IllegalStateException("Counter of " + sku + " not rebuilt: " + rebuilt);
        }
    }

    public Answer adminGet(String path) {
        return send(request(path, "Authorization", basic(ADMIN_USER, ADMIN_PASSWORD)).GET());
    }

    public Answer adminPost(String path, String json) {
        return post(path, json, "Authorization", basic(ADMIN_USER, ADMIN_PASSWORD));
    }

    /** An admin call without a body says it is a program's, which a form on another site cannot. */
    public Answer adminPostEmpty(String path) {
        return postEmpty(path, "Authorization", basic(ADMIN_USER, ADMIN_PASSWORD), "X-Requested-By", "flashsale-tests");
    }

    public static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** Every request carries the storefront key unless it sets its own or the client has none. */
    private HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60));
        if (headers.length > 0) {
            builder.headers(headers);
        }
        boolean ownKey = false;
        for (int i = 0; i < headers.length; i += 2) {
            ownKey |= headers[i].equalsIgnoreCase(KEY_HEADER);
        }
        if (!ownKey && storefrontKey != null) {
            builder.header(KEY_HEADER, storefrontKey);
        }
        return builder;
    }

    /** GET with the body as it came, in bytes (a gzip-encoded one still encoded), and its headers. */
    public HttpResponse<byte[]> getBytes(String path, String... headers) {
        try {
            return http.send(request(path, headers).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Answer send(HttpRequest.Builder builder) {
        try {
            HttpRequest request = builder.build();
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            Answer answer = new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Location").orElse(null),
                    response.headers().firstValue("WWW-Authenticate").orElse(null), response.body(), response.headers());
            seen.accept(request, answer);
            return answer;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** What came back: status, the headers the tests look at, and the body. */
    public record Answer(int status, String contentType, String location, String wwwAuthenticate, String body,
                         HttpHeaders headers) {

        /** The first value of a header, or "" when there is none. */
        public String header(String name) {
            return headers.firstValue(name).orElse("");
        }

        public JsonObject json() {
            try (var reader = Json.createReader(new StringReader(body))) {
                return reader.readObject();
            }
        }

        public JsonArray jsonArray() {
            try (var reader = Json.createReader(new StringReader(body))) {
                return reader.readArray();
            }
        }

        /** The last segment of the problem type URI, e.g. {@code sold-out}. */
        public String problemType() {
            String type = json().getString("type");
            return type.substring(type.lastIndexOf('/') + 1);
        }

        public boolean isProblem() {
            return contentType.startsWith("application/problem+json");
        }

        @Override
        public String toString() {
            return status + " " + contentType + " " + body;
        }
    }
}
