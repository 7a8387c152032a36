package dev.flashsale.platform.redis;

import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * How {@link Announcements} tells why its subscription broke. A Redis that does not answer is a
 * passing outage, logged finely at each retry; a refusal by the ACL ({@code NOPERM}: the user's
 * line lacks one of the channels) lasts until an operator grants it, so it is a warning, said once
 * until the channels are heard again. Used from the announcements' one listener thread only.
 */
final class SubscriptionTrouble {

    private static final Logger LOG = Logger.getLogger(Announcements.class.getName());

    private final String channels;
    private boolean refusalSaid;

    SubscriptionTrouble(String... channels) {
        this.channels = String.join(", ", channels);
    }

    /** The channels are heard: a later refusal is said again. */
    void heard() {
        refusalSaid = false;
    }

    void broke(RuntimeException broken, boolean running) {
        if (running && isRefused(broken) && !refusalSaid) {
            refusalSaid = true;
            LOG.log(Level.WARNING, "Redis refuses this node's user the announcements' channels " + channels
                    + ": grant them (payara/redis-acl.conf). Until then this node hears of units given back and rooms"
                    + " changed elsewhere only by its own refresh; tried again every second", broken);
        } else {
            LOG.log(running ? Level.FINE : Level.FINEST, "Announcements not heard; again in a second", broken);
        }
    }

    /**
     * Whether Redis refused the subscription by its ACL ({@code NOPERM}), rather than not answering
     * or refusing the login, which say so otherwise.
     */
    static boolean isRefused(Throwable broken) {
        for (Throwable cause = broken; cause != null; cause = cause.getCause()) {
            if (String.valueOf(cause.getMessage()).startsWith("NOPERM")) {
                return true;
            }
        }
        return false;
    }
}
