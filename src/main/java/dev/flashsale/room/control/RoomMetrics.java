package dev.flashsale.room.control;

import dev.flashsale.room.entity.QueueAnswer;
import dev.flashsale.room.entity.QueueStatus;
import dev.flashsale.room.entity.WaitReason;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.ToDoubleFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Histogram;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The waiting rooms' metrics. Counters, of this node: tickets taken (new, or the buyer's own
 * again), polls by the status they answered (and a waiting ticket's reason), lotteries this node
 * drew; how many tickets taken and polled each of its Redis calls carried. Gauges, of every node alike (read from Redis, which all nodes share, at most once a
 * second; NaN when Redis does not answer): the rooms on, and over all of them the tickets waiting,
 * the buyers admitted so far, those admitted but not yet reserving, and those active.
 */
@ApplicationScoped
public class RoomMetrics {

    private static final Logger LOG = Logger.getLogger(RoomMetrics.class.getName());
    private static final long FRESH_NANOS = 1_000_000_000L;
    private static final String NO_REASON = "none";

    @Inject
    MetricRegistry registry;

    @Inject
    RoomDirectory directory;

    @Inject
    RoomState state;

    private Counter newTickets;
    private Counter againTickets;
    private Counter lotteries;
    private final Map<QueueStatus, Counter> polls = new EnumMap<>(QueueStatus.class);
    private final Map<WaitReason, Counter> waitingPolls = new EnumMap<>(WaitReason.class);
    private Counter waitingInLine;
    private Histogram batchSizes;

    /** The last reading of the rooms' state; null until the first. */
    private volatile State last;

    /** Registered at start-up, so that every metric is there, at zero, before the first ticket. */
    void registerEarly(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // Creating the bean registered its metrics.
    }

    @PostConstruct
    void register() {
        Metadata tickets = Metadata.builder().withName("flashsale.room.tickets")
                .withDescription("Queue tickets asked for: new ones, and a buyer's own asked for again").build();
        newTickets = registry.counter(tickets, new Tag("answer", "new"));
        againTickets = registry.counter(tickets, new Tag("answer", "again"));
        Metadata answered = Metadata.builder().withName("flashsale.room.polls")
                .withDescription("Polls of queue tickets by the status answered, and why a waiting ticket waits").build();
        for (QueueStatus status : QueueStatus.values()) {
            if (status != QueueStatus.WAITING) {
                polls.put(status, registry.counter(answered, tag(status), new Tag("reason", NO_REASON)));
            }
        }
        waitingInLine = registry.counter(answered, tag(QueueStatus.WAITING), new Tag("reason", NO_REASON));
        for (WaitReason reason : WaitReason.values()) {
            waitingPolls.put(reason, registry.counter(answered, tag(QueueStatus.WAITING),
                    new Tag("reason", reason.name().toLowerCase(Locale.ROOT))));
        }
        batchSizes = registry.histogram(Metadata.builder().withName("flashsale.room.batch.size")
                .withDescription("Tickets taken and polled that one Redis call carried (the count is this node's room calls)").build());
        lotteries = registry.counter(Metadata.builder().withName("flashsale.room.lotteries")
                .withDescription("Lotteries this node drew at a room's opening second").build());
        gauge("flashsale.room.rooms", "Sales with their waiting room on", State::rooms);
        gauge("flashsale.room.waiting", "Tickets waiting in the rooms on, in their queues and pre-queues", State::waiting);
        gauge("flashsale.room.admitted", "Buyers the rooms on have admitted so far", State::admitted);
        gauge("flashsale.room.admitted.not.reserved", "Buyers admitted whose reserve request has not come yet", State::notReserved);
        gauge("flashsale.room.active", "Buyers holding a live admission token", State::active);
    }

    public void ticketTaken(boolean created) {
        (created ? newTickets : againTickets).inc();
    }

    public QueueAnswer polled(QueueAnswer answer) {
        if (answer.status() != QueueStatus.WAITING) {
            polls.get(answer.status()).inc();
        } else if (answer.reason() == null) {
            waitingInLine.inc();
        } else {
            waitingPolls.get(answer.reason()).inc();
        }
        return answer;
    }

    public void carried(int calls) {
        batchSizes.update(calls);
    }

    public void lotteryDrawn() {
        lotteries.inc();
    }

    private static Tag tag(QueueStatus status) {
        return new Tag("status", status.name().toLowerCase(Locale.ROOT));
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
        Set<UUID> sales = directory.salesWithRoom();
        for (UUID sale : sales) {
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
