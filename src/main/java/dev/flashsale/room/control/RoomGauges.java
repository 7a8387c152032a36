package dev.flashsale.room.control;

import dev.flashsale.platform.id.SaleId;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The waiting rooms' gauges, of every node alike (read from Redis, which all nodes share, at most
 * once a second; NaN when Redis does not answer): the rooms on, and over all of them the tickets
 * waiting, the buyers admitted so far, those admitted but not yet reserving, and those active.
 */
@ApplicationScoped
public class RoomGauges {

    private static final Logger LOG = Logger.getLogger(RoomGauges.class.getName());
    private static final long FRESH_NANOS = 1_000_000_000L;

    @Inject
    MetricRegistry registry;

    @Inject
    RoomDirectory directory;

    @Inject
    RoomState state;

    /** The last reading of the rooms' state; null until the first. */
    private volatile State last;

    /** Registered at start-up, so that every gauge is there before the first room. */
    void registerEarly(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // Creating the bean registered its gauges.
    }

    @PostConstruct
    void register() {
        gauge("flashsale.room.rooms", "Sales with their waiting room on", State::rooms);
        gauge("flashsale.room.waiting", "Tickets waiting in the rooms on, in their queues and pre-queues", State::waiting);
        gauge("flashsale.room.admitted", "Buyers the rooms on have admitted so far", State::admitted);
        gauge("flashsale.room.admitted.not.reserved", "Buyers admitted whose reserve request has not come yet", State::notReserved);
        gauge("flashsale.room.active", "Buyers holding a live admission token", State::active);
    }

    private void gauge(String name, String description, ToDoubleFunction<State> figure) {
        registry.gauge(Metadata.builder().withName(name).withDescription(description).build(), this,
                metrics -> figure.applyAsDouble(metrics.state()));
    }

    private State state() {
        State known = last;
        if (known != null && System.nanoTime() - known.readAt() < FRESH_NANOS) {
            return known;
        }
        State now;
        try {
            now = read();
        } catch (RuntimeException redisAway) {
            // RoomRedisCalls logged and counted it; the gauges say they do not know.
            LOG.log(Level.FINE, "Waiting rooms' gauges not read", redisAway);
            now = new State(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, System.nanoTime());
        }
        last = now;
        return now;
    }

    private State read() {
        double waiting = 0;
        double admitted = 0;
        double notReserved = 0;
        double active = 0;
        Set<SaleId> sales = directory.salesWithRoom();
        for (SaleId sale : sales) {
            waiting += state.size(RoomKeys.queue(sale)) + state.size(RoomKeys.preQueue(sale));
            admitted += state.counter(sale, "admittedTotal");
            notReserved += state.size(RoomKeys.admitted(sale));
            active += state.size(RoomKeys.active(sale));
        }
        return new State(sales.size(), waiting, admitted, notReserved, active, System.nanoTime());
    }

    private record State(double rooms, double waiting, double admitted, double notReserved, double active, long readAt) {
    }
}
