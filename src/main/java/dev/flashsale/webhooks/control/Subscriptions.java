package dev.flashsale.webhooks.control;

import dev.flashsale.platform.redis.Announced;
import dev.flashsale.platform.redis.AnnouncementsHeard;
import dev.flashsale.platform.redis.Announcements;
import dev.flashsale.platform.sql.Statements;
import dev.flashsale.webhooks.entity.WebhooksChanged;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.TransactionPhase;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The event types some enabled webhook subscribes to, kept in memory, so that the jobs that look
 * for events (a waiting room's admissions, expiring and expired holds) ask no database whether
 * anyone would hear of them. Read again by the first caller after a change on this node; as soon
 * as a change on another node is announced through Redis
 * ({@link Announcements#WEBHOOKS_CHANGED}); and at most {@code flashsale.webhooks.subscriptions-refresh-ms}
 * after a change whose announcement was lost. An event of a type not listed here is not written,
 * so a webhook registered on another node hears that node's events from then on.
 */
@ApplicationScoped
public class Subscriptions {

    private static final Logger LOG = Logger.getLogger(Subscriptions.class.getName());

    private record Known(Set<String> types, long atMillis) {
    }

    @Inject
    Statements sql;

    @Inject
    Announcements announcements;

    @Inject
    @ConfigProperty(name = "flashsale.webhooks.subscriptions-refresh-ms")
    long refreshMillis;

    private volatile Known known;
    private final ReentrantLock reading = new ReentrantLock();

    /** Whether an enabled webhook subscribes to events of {@code type}. */
    public boolean listened(String type) {
        Known now = known;
        if (now == null) {
            // Not read yet, or forgotten after a change: the first caller reads, the others wait for it.
            reading.lock();
            try {
                now = known != null ? known : read();
            } finally {
                reading.unlock();
            }
        } else if (System.currentTimeMillis() - now.atMillis() >= refreshMillis && reading.tryLock()) {
            // One caller of a crowd reads again; the others go on with the types known.
            try {
                now = read();
            } catch (RuntimeException databaseAway) {
                LOG.log(Level.FINE, "Webhook subscriptions not read again; the types known stay", databaseAway);
            } finally {
                reading.unlock();
            }
        }
        return now.types().contains(type);
    }

    private Known read() {
        Set<String> types = sql.named("webhooks/find_listened_types").values().stream()
                .map(Object::toString).collect(Collectors.toUnmodifiableSet());
        Known read = new Known(types, System.currentTimeMillis());
        known = read;
        return read;
    }

    void changed(@Observes(during = TransactionPhase.AFTER_SUCCESS) WebhooksChanged changed) {
        forget();
        announcements.publish(Announcements.WEBHOOKS_CHANGED, "");
    }

    /** A webhook changed on some node (this one included), announced through Redis. */
    void changedElsewhere(@Observes Announced announced) {
        if (announced.on(Announcements.WEBHOOKS_CHANGED)) {
            forget();
        }
    }

    /** Announcements heard again after a gap: a change may have gone unheard. */
    void heardAgain(@Observes AnnouncementsHeard heard) {
        forget();
    }

    private void forget() {
        known = null;
    }
}
