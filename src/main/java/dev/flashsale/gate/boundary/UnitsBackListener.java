package dev.flashsale.gate.boundary;

import dev.flashsale.gate.control.GateKeys;
import dev.flashsale.gate.control.SoldOutMemory;
import dev.flashsale.gate.entity.UnitsCameBack;
import dev.flashsale.platform.redis.RedisClient;
import dev.flashsale.stock.entity.Sku;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;
import redis.clients.jedis.JedisPubSub;

/**
 * Hears, on a thread of its own, every announcement that units came back to a SKU
 * ({@link GateKeys#UNITS_BACK}, published by release.lua and load_counter.lua on whichever node
 * gave them back), has {@link SoldOutMemory} forget the SKU at once, and tells whoever else
 * listens ({@link UnitsCameBack}: the waiting room admits the next buyer). When the subscription
 * breaks (Redis restarted or unreachable), the memory stops refusing and forgets all it learnt, and
 * the subscription is made again a second later.
 */
@Singleton
@Startup
@DependsOn("GateRecoveryTimer")
public class UnitsBackListener {

    private static final Logger LOG = Logger.getLogger(UnitsBackListener.class.getName());
    private static final long RETRY_MILLIS = 1_000;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    RedisClient redis;

    @Inject
    SoldOutMemory memory;

    @Inject
    RedisGate gate;

    @Inject
    Event<UnitsCameBack> cameBack;

    private volatile boolean running;
    private volatile JedisPubSub subscription;
    private Thread listener;

    @PostConstruct
    void start() {
        if (!gate.enabled()) {
            return;
        }
        running = true;
        listener = threads.newThread(this::listen);
        listener.setName("units-back-listener");
        listener.setDaemon(true);
        listener.start();
    }

    private void listen() {
        while (running) {
            JedisPubSub heard = new JedisPubSub() {
                @Override
                public void onSubscribe(String channel, int subscribedChannels) {
                    memory.listening(true);
                }

                @Override
                public void onMessage(String channel, String sku) {
                    memory.unitsBack(sku);
                    if (Sku.isValid(sku)) {
                        cameBack.fire(new UnitsCameBack(new Sku(sku)));
                    }
                }
            };
            subscription = heard;
            try {
                redis.commands().subscribe(heard, GateKeys.UNITS_BACK);
            } catch (RuntimeException broken) {
                LOG.log(running ? Level.FINE : Level.FINEST, "Announcements of units back not heard; again in a second", broken);
            } finally {
                memory.listening(false);
            }
            pause();
        }
    }

    private void pause() {
        try {
            Thread.sleep(RETRY_MILLIS);
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    @PreDestroy
    void stop() {
        running = false;
        JedisPubSub heard = subscription;
        if (heard != null && heard.isSubscribed()) {
            try {
                heard.unsubscribe();
            } catch (RuntimeException alreadyBroken) {
                LOG.log(Level.FINE, "Subscription already broken at stop", alreadyBroken);
            }
        }
        if (listener != null) {
            listener.interrupt();
        }
    }
}
