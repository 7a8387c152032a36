package dev.flashsale.reservations.control;

import dev.flashsale.platform.line.RequestLine;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The reserve requests' lines, one per stock row that has requests in line: a request on a
 * sharded SKU joins the line of a shard picked at random. An idle line is dropped, so that SKUs
 * asked for once (unknown ones included) leave nothing behind. The lines, and the requests
 * waiting in them, are gauges of the application's metrics.
 */
@ApplicationScoped
public class CheckoutLines {

    @Inject
    MetricRegistry registry;

    @Inject
    @ConfigProperty(name = "flashsale.checkout.line-max")
    int lineMax;

    private final ConcurrentHashMap<Key, RequestLine<LineWaiter>> lines = new ConcurrentHashMap<>();
    /** The stock rows of each sharded SKU met so far (a SKU never changes its number of shards). */
    private final ConcurrentHashMap<Sku, Integer> shardsOfSku = new ConcurrentHashMap<>();

    /** A stock row's line: the SKU and its shard (0 for a SKU of one row). */
    public record Key(Sku sku, int shard) {
    }

    @PostConstruct
    void registerGauges() {
        registry.gauge(Metadata.builder().withName("flashsale.checkout.lines")
                .withDescription("Stock rows with reserve requests in line right now").build(), lines, Map::size);
        registry.gauge(Metadata.builder().withName("flashsale.checkout.queued")
                .withDescription("Reserve requests waiting in line for a group transaction right now").build(),
                lines, all -> all.values().stream().mapToInt(RequestLine::queued).sum());
    }

    /** The row whose line a request for {@code sku} joins. */
    public Key keyFor(Sku sku) {
        int shards = shardsOfSku.getOrDefault(sku, 1);
        return new Key(sku, shards == 1 ? 0 : ThreadLocalRandom.current().nextInt(shards));
    }

    public RequestLine<LineWaiter> line(Key key) {
        return lines.computeIfAbsent(key, unused -> new RequestLine<>(lineMax));
    }

    /** {@code sku} has {@code shards} stock rows, as its transaction found. */
    public void sharded(Sku sku, int shards) {
        if (shards > 1) {
            shardsOfSku.put(sku, shards);
        }
    }

    /** The line went idle: dropped. A request that took it from the map just before leads it alone. */
    public void idle(Key key, RequestLine<LineWaiter> line) {
        lines.remove(key, line);
    }

    /** The stock rows with requests in line right now. */
    public int size() {
        return lines.size();
    }
}
