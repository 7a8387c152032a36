package dev.flashsale.gate.control;

import dev.flashsale.platform.redis.RedisFailures;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Whether the gate is in use. It starts closed: the recovery timer opens it once Redis answers
 * and the counters are built from PostgreSQL. Any Redis failure (a refused connection, a
 * timeout, an error) closes it again, and reservations go to PostgreSQL alone until Redis is back.
 */
@ApplicationScoped
public class GateHealth {

    private static final Logger LOG = Logger.getLogger(GateHealth.class.getName());

    private final AtomicBoolean up = new AtomicBoolean(false);
    private final AtomicLong failures = new AtomicLong();

    public boolean isUp() {
        return up.get();
    }

    public long failures() {
        return failures.get();
    }

    /**
     * Redis failed a call: counted and logged, and the gate is closed. While it is closed,
     * PostgreSQL sells without the counters knowing, so they are built again from PostgreSQL
     * before it reopens.
     */
    public void failed(String operation, JedisException failure) {
        failures.incrementAndGet();
        boolean unreachable = RedisFailures.unreachable(failure);
        if (up.compareAndSet(true, false) || !unreachable) {
            LOG.log(unreachable ? Level.WARNING : Level.SEVERE, "Redis " + (unreachable ? "unreachable" : "failed")
                    + " during " + operation + ": reservations go to PostgreSQL alone until it answers again", failure);
        }
    }

    public void opened() {
        if (up.compareAndSet(false, true)) {
            LOG.info("Redis gate in use: counters built from PostgreSQL");
        }
    }
}
