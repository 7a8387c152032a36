package dev.flashsale.platform.redis;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;
import redis.clients.jedis.JedisPubSub;

/**
 * The node's one subscription to Redis pub/sub, on a thread of its own: every message of the
 * {@link #CHANNELS} is handed to the observers of {@link Announced}, and every change in whether
 * they are heard to those of {@link AnnouncementsHeard}. When the subscription breaks (Redis
 * restarted or unreachable), it is made again a second later. Pub/sub keeps nothing: a message
 * published while a node does not listen never reaches it, so each observer keeps a bound of its
 * own (a refresh interval) for what it may have missed.
 */
@Singleton
@Startup
public class Announcements {

    /** Units given back to a SKU's counter (the message: the SKU), published by release.lua and load_counter.lua. */
    public static final String UNITS_BACK = "fs:units-back";
    /** A sale's room was set or changed (the message: the sale's id). */
    public static final String ROOM_CHANGED = "fs:room-changed";

    private static final String[] CHANNELS = {UNITS_BACK, ROOM_CHANGED};
    private static final Logger LOG = Logger.getLogger(Announcements.class.getName());
    private static final long RETRY_MILLIS = 1_000;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    RedisClient redis;

    @Inject
    Event<Announced> announced;

    @Inject
    Event<AnnouncementsHeard> heard;

    private volatile boolean running;
    private final SubscriptionTrouble trouble = new SubscriptionTrouble(CHANNELS);
    private volatile JedisPubSub subscription;
    private Thread listener;

    @PostConstruct
    void start() {
        running = true;
        listener = threads.newThread(this::listen);
        listener.setName("announcements-listener");
        listener.setDaemon(true);
        listener.start();
    }

    /** Tells every node, this one included; a Redis that does not answer is logged, the message lost. */
    public void publish(String channel, String message) {
        try {
            redis.commands().publish(channel, message);
        } catch (RuntimeException redisAway) {
            LOG.log(Level.FINE, "Not announced on " + channel + ": " + message, redisAway);
        }
    }

    private void listen() {
        while (running) {
            JedisPubSub listening = new JedisPubSub() {
                private boolean subscribed;

                @Override
                public void onSubscribe(String channel, int subscribedChannels) {
                    if (!subscribed && subscribedChannels == CHANNELS.length) {
                        subscribed = true;
                        trouble.heard();
                        heard.fire(new AnnouncementsHeard(true));
                    }
                }

                @Override
                public void onMessage(String channel, String message) {
                    try {
                        announced.fire(new Announced(channel, message));
                    } catch (RuntimeException observerFailed) {
                        // One observer's failure must not end the subscription for the others.
                        LOG.log(Level.WARNING, "An observer of " + channel + " failed on " + message, observerFailed);
                    }
                }
            };
            subscription = listening;
            try {
                redis.commands().subscribe(listening, CHANNELS);
            } catch (RuntimeException broken) {
                trouble.broke(broken, running);
            } finally {
                heard.fire(new AnnouncementsHeard(false));
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
        JedisPubSub listening = subscription;
        if (listening != null && listening.isSubscribed()) {
            try {
                listening.unsubscribe();
            } catch (RuntimeException alreadyBroken) {
                LOG.log(Level.FINE, "Subscription already broken at stop", alreadyBroken);
            }
        }
        if (listener != null) {
            listener.interrupt();
        }
    }
}
