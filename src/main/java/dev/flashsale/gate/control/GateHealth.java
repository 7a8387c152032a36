package dev.flashsale.gate.control;

import dev.flashsale.platform.Causes;
import dev.flashsale.platform.redis.RedisFailures;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Whether the gate is in use. It starts closed: the recovery timer opens it once Redis answers
 * and the counters are built from PostgreSQL. Any Redis failure (a refused connection, a
 * timeout, an error) closes it again, and reservations go to PostgreSQL alone until Redis is back.
 * Its state, its changes and the failures are metrics.
 */
@ApplicationScoped
public class GateHealth {

    private static final Logger LOG = Logger.getLogger(GateHealth.class.getName());

    @Inject
    MetricRegistry registry;

    private final AtomicBoolean up = new AtomicBoolean(false);
    private Counter failures;
    private Counter opened;
    private Counter closed;

    @PostConstruct
    void register() {
        failures = RedisFailures.counter(registry, "gate");
        Metadata changes = Metadata.builder().withName("flashsale.gate.state.changes")
                .withDescription("Times the gate opened (Redis in use) or closed (PostgreSQL alone)").build();
        opened = registry.counter(changes, new Tag("to", "open"));
        closed = registry.counter(changes, new Tag("to", "closed"));
        registry.gauge(Metadata.builder().withName("flashsale.gate.open")
                .withDescription("1 while the Redis gate is in use, 0 while PostgreSQL sells alone").build(),
                up, state -> state.get() ? 1 : 0);
    }

    public boolean isUp() {
        return up.get();
    }

    public long failures() {
        return failures.getCount();
    }

    /**
     * Redis failed a call: counted and logged, and the gate is closed. While it is closed,
     * PostgreSQL sells without the counters knowing, so they are built again from PostgreSQL
     * before it reopens.
     */
    public void failed(String operation, JedisException failure) {
        failures.inc();
        boolean unreachable = RedisFailures.unreachable(failure);
        boolean closedNow = up.compareAndSet(true, false);
        if (closedNow) {
            closed.inc();
        }
        if (closedNow || !unreachable) {
            LOG.log(unreachable ? Level.WARNING : Level.SEVERE, "Redis " + (unreachable ? "unreachable" : "failed")
                    + " during " + operation + ": reservations go to PostgreSQL alone until it answers again", failure);
        }
    }

    /**
     * Counters could not be built from PostgreSQL's figures after a change. When Redis failed, they
     * (or their not-open marks) may say what PostgreSQL no longer does, so the gate closes as on
     * any Redis failure, and the recovery builds every live counter before it reopens. When
     * PostgreSQL failed, nothing was written: the gate stays, rather than send every reservation
     * to a database in trouble, and the counters are built on first use or by the next change.
     */
    public void notBuilt(String what, RuntimeException failure) {
        Optional<JedisException> redisFailed = Causes.find(failure, JedisException.class);
        if (redisFailed.isPresent()) {
            failed("building " + what, redisFailed.get());
        } else {
            LOG.log(Level.WARNING, "Building " + what + " failed in PostgreSQL; they are built on first use", failure);
        }
    }

    public void opened() {
        if (up.compareAndSet(false, true)) {
            opened.inc();
            LOG.info("Redis gate in use: counters built from PostgreSQL");
        }
    }
}
