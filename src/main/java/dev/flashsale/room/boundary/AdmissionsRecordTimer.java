package dev.flashsale.room.boundary;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.room.control.RoomBook;
import dev.flashsale.room.control.RoomDirectory;
import dev.flashsale.room.control.RoomRedis;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every {@code flashsale.room.admissions-record-ms}, records in PostgreSQL how many buyers each
 * room on has admitted, as Redis counts them: the count then outlives a Redis that restarted
 * empty (RoomRedis gives it back). Not persistent, and on every node: recording only ever raises
 * the count, so nodes recording the same room do no harm, and no node is needed for it.
 */
@Singleton
@Startup
@DependsOn("DatabaseMigration")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
public class AdmissionsRecordTimer {

    private static final Logger LOG = Logger.getLogger(AdmissionsRecordTimer.class.getName());

    @Resource
    TimerService timers;

    @Inject
    RoomDirectory directory;

    @Inject
    RoomRedis redis;

    @Inject
    RoomBook book;

    @Inject
    @ConfigProperty(name = "flashsale.room.admissions-record-ms")
    long intervalMillis;

    private final AtomicBoolean recording = new AtomicBoolean();

    @PostConstruct
    void schedule() {
        timers.createIntervalTimer(intervalMillis, intervalMillis, new TimerConfig("room-admissions", false));
    }

    @Timeout
    @TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
    void tick() {
        if (!recording.compareAndSet(false, true)) {
            return;
        }
        try {
            for (UUID sale : directory.salesWithRoom()) {
                book.recordAdmitted(sale, redis.counter(sale, "admittedTotal"));
            }
        } catch (ProblemException redisAway) {
            // RoomRedis logged and counted it; the next tick records what this one could not.
            LOG.log(Level.FINE, "Rooms' admissions not recorded", redisAway);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Rooms' admissions not recorded; the next tick tries again", e);
        } finally {
            recording.set(false);
        }
    }
}
