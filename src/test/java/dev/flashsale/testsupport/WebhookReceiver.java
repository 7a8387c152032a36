package dev.flashsale.testsupport;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A storefront's webhook receiver inside the test JVM: an HTTP server on 127.0.0.1 and a free
 * port, which the application's sender reaches as any receiver. Each path is one webhook's; a
 * path answers 302 when told to redirect, 500 while it refuses, 204 otherwise, and every request is kept as it came.
 * {@link Received#signedBy} checks a request as the Standard Webhooks specification says a
 * receiver must, written here from the specification, not from the product's code.
 * A test class may keep one in a static {@code @RegisterExtension} field, closed after its tests.
 */
public final class WebhookReceiver implements AutoCloseable, AfterAllCallback {

    /** One request as it arrived, with the answer it got. */
    public record Received(String path, String id, String timestamp, String signature, String body, int answered,
                           Instant at) {

        public JsonObject json() {
            return Json.createReader(new StringReader(body)).readObject();
        }

        public String type() {
            return json().getString("type");
        }

        public JsonObject data() {
            return json().getJsonObject("data");
        }

        /**
         * Whether one of the space-separated signatures is {@code v1,} and the base64 HMAC-SHA256,
         * keyed with the secret's base64 part decoded, of {@code id.timestamp.body}, compared in
         * constant time.
         */
        public boolean signedBy(String secret) {
            try {
                byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(new SecretKeySpec(key, "HmacSHA256"));
                byte[] expected = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
                for (String candidate : signature.split(" ")) {
                    String[] parts = candidate.split(",", 2);
                    if (parts.length == 2 && parts[0].equals("v1")
                            && MessageDigest.isEqual(expected, Base64.getDecoder().decode(parts[1]))) {
                        return true;
                    }
                }
                return false;
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                return false;
            }
        }
    }

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    /** Per path, until when it refuses. */
    private final Map<String, Instant> refusing = new ConcurrentHashMap<>();
    /** Per path, where it redirects (302). */
    private final Map<String, String> redirecting = new ConcurrentHashMap<>();
    /** Per path, how long it holds a request whose body has one of some texts before it answers. */
    private final Map<String, Stall> stalling = new ConcurrentHashMap<>();

    private record Stall(Duration length, List<String> texts) {

        long millisFor(String body) {
            return texts.stream().anyMatch(body::contains) ? length.toMillis() : 0;
        }
    }

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        } catch (IOException e) {
            throw new UncheckedIOException("No webhook receiver", e);
        }
        // Threads enough for the requests a stalling path holds at once and the others beside them.
        server.setExecutor(Executors.newFixedThreadPool(32));
        server.createContext("/", this::answer);
        server.start();
    }

    /** The URL of webhook {@code path} (without a leading slash). */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
    }

    /** Whether {@code path} answers 500 from now on. */
    public void refuse(String path, boolean refuse) {
        refuseUntil(path, refuse ? Instant.MAX : Instant.MIN);
    }

    /** {@code path} answers 500 to a request that arrives before {@code until}, 204 from then on. */
    public void refuseUntil(String path, Instant until) {
        refusing.put("/" + path, until);
    }

    /**
     * {@code path} holds each request whose body has one of {@code texts} (a test's own ids: other
     * classes' events come too) for {@code stall}, then answers; recorded as it arrives.
     */
    public void stall(String path, Duration stall, List<String> texts) {
        stalling.put("/" + path, new Stall(stall, List.copyOf(texts)));
    }

    /** {@code path} holds every request (other classes' events too) for {@code stall}, then answers. */
    public void stallEvery(String path, Duration stall) {
        stall(path, stall, List.of(""));
    }

    /** {@code path} answers 302 with {@code location} from now on. */
    public void redirect(String path, String location) {
        redirecting.put("/" + path, location);
    }

    /** Every request to {@code path} so far, in the order they came. */
    public List<Received> at(String path) {
        return received.stream().filter(request -> request.path().equals("/" + path)).toList();
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange; InputStream in = exchange.getRequestBody()) {
            String body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            String path = exchange.getRequestURI().getPath();
            Instant now = Instant.now();
            String location = redirecting.get(path);
            int status = location != null ? 302 : now.isBefore(refusing.getOrDefault(path, Instant.MIN)) ? 500 : 204;
            if (location != null) {
                exchange.getResponseHeaders().add("Location", location);
            }
            received.add(new Received(path, exchange.getRequestHeaders().getFirst("webhook-id"),
                    exchange.getRequestHeaders().getFirst("webhook-timestamp"),
                    exchange.getRequestHeaders().getFirst("webhook-signature"), body, status, now));
            Stall stall = stalling.get(path);
            Pause.millis(stall == null ? 0 : stall.millisFor(body));
            exchange.sendResponseHeaders(status, -1);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        close();
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }

    /** For a failure's message: what the path got, briefly. */
    public String summary(String path) {
        return Arrays.toString(at(path).stream().map(r -> r.id() + " " + r.answered()).toArray());
    }
}
