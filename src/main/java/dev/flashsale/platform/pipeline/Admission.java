package dev.flashsale.platform.pipeline;

/**
 * A request the waiting room let through: it hears the request's answer once there is one,
 * whatever it is, so that the room counts the request's unit as taken until then.
 */
@FunctionalInterface
public interface Admission {

    /** A request no room has a say on. */
    Admission NONE = status -> {
    };

    void answered(int status);

    /**
     * The waiting room's ticket whose checked token let the request through, for the truth to
     * record (one checkout per ticket); null when no room had a say.
     */
    default String ticket() {
        return null;
    }
}
