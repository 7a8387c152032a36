package dev.flashsale.campaign;

import jakarta.json.Json;
import jakarta.json.JsonObject;

/**
 * One fault of a run's schedule: what, on which node (for the faults of one node), from when and
 * for how long (milliseconds from the run's start).
 */
public record Fault(Kind kind, int node, long atMillis, long forMillis) {

    public enum Kind {
        /** Redis killed (SIGKILL, nothing kept) and started again, empty. */
        REDIS_KILL,
        /** Redis answers nothing (CLIENT PAUSE) for a while. */
        REDIS_PAUSE,
        /** PostgreSQL restarted (fast shutdown: every session ended). */
        POSTGRES_RESTART,
        /** PostgreSQL's processes stopped (SIGSTOP) for a while, then continued. */
        POSTGRES_PAUSE,
        /** The PostgreSQL primary killed (kill -9) and its synchronous standby promoted. */
        POSTGRES_FAILOVER,
        /** One node cut from Redis: its connections dropped, new ones closed at once. */
        NODE_CUT_REDIS,
        /** One node cut from PostgreSQL. */
        NODE_CUT_POSTGRES,
        /** One node's traffic to PostgreSQL and Redis slowed. */
        NODE_SLOW,
        /** One node killed (kill -9); it is started again after the run. */
        NODE_KILL;

        boolean ofOneNode() {
            return name().startsWith("NODE_");
        }
    }

    public JsonObject json() {
        return Json.createObjectBuilder().add("kind", kind.name()).add("node", node).add("atMillis", atMillis)
                .add("forMillis", forMillis).build();
    }

    @Override
    public String toString() {
        return kind + (kind.ofOneNode() ? "@" + node : "") + "[" + atMillis + "+" + forMillis + "]";
    }
}
