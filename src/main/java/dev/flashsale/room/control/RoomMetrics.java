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
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Histogram;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The waiting rooms' counters, of this node: tickets taken (new, or the buyer's own again), polls
 * by the status they answered (and a waiting ticket's reason), lotteries this node drew, rooms it
 * put back in a Redis that had lost them; how many
 * tickets taken and polled each of its Redis calls carried. The gauges are {@link RoomGauges}'.
 */
@ApplicationScoped
public class RoomMetrics {

    private static final String NO_REASON = "none";

    @Inject
    MetricRegistry registry;

    private Counter newTickets;
    private Counter againTickets;
    private Counter lotteries;
    private Counter reloads;
    private final Map<QueueStatus, Counter> polls = new EnumMap<>(QueueStatus.class);
    private final Map<WaitReason, Counter> waitingPolls = new EnumMap<>(WaitReason.class);
    private Counter waitingInLine;
    private Histogram batchSizes;

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
        reloads = registry.counter(Metadata.builder().withName("flashsale.room.reloads")
                .withDescription("Rooms this node put back in a Redis that had lost them").build());
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

    public void roomReloaded() {
        reloads.inc();
    }

    private static Tag tag(QueueStatus status) {
        return new Tag("status", status.name().toLowerCase(Locale.ROOT));
    }
}
