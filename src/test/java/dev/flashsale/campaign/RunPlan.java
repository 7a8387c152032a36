package dev.flashsale.campaign;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Everything a run does that is not the servers' timing, drawn from its seed alone: the sale's
 * terms (its holds extended up to {@code maxExtensions} times, 0 to 2, by up to 1 to 3 s), the room's settings, the crowd's size and its clients' seeds, and the fault schedule
 * (overlapping faults, at moments nobody picked). The same seed on the same stage gives the same
 * plan: that is how a run replays.
 */
public record RunPlan(long seed, int units, int shards, int holdSeconds, int maxPerBuyer, int buyers, int roomUnits,
                      int admissionPerSecond, int maxActive, int clients, long trafficMillis, List<Fault> faults,
                      int maxExtensionSeconds, int maxExtensions) {

    /** The bounds of a plan. */
    static final int FAULTS_MAX = 4;
    static final long FAULT_MILLIS_MIN = 300;
    static final long FAULT_MILLIS_MAX = 2_500;
    /** One run in this many kills a node, when the stage can start one again. */
    static final int NODE_KILL_ONE_IN = 25;
    /** One run in this many fails PostgreSQL over to its standby, when the stage has one. */
    static final int FAILOVER_ONE_IN = 20;
    private static final Set<Fault.Kind> RARE = Set.of(Fault.Kind.NODE_KILL, Fault.Kind.POSTGRES_FAILOVER);

    /**
     * @param possible   the faults the stage can bring on
     * @param bothNodes  whether a fault of one node may choose either (else node 1, the proxied one)
     */
    static RunPlan draw(long seed, int clients, long trafficMillis, Set<Fault.Kind> possible, boolean bothNodes) {
        Random random = new Random(seed);
        int units = 30 + random.nextInt(121);
        int shards = 1 + random.nextInt(4);
        int holdSeconds = 2 + random.nextInt(3);
        int maxPerBuyer = 2 + random.nextInt(5);
        int buyers = 150 + random.nextInt(251);
        int roomUnits = 8 + random.nextInt(23);
        int admissionPerSecond = 10 + random.nextInt(91);
        int maxActive = 5 + random.nextInt(16);
        List<Fault.Kind> kinds = possible.stream().filter(kind -> !RARE.contains(kind)).sorted().toList();
        List<Fault> faults = new ArrayList<>();
        int count = kinds.isEmpty() ? 0 : random.nextInt(FAULTS_MAX + 1);
        for (int i = 0; i < count; i++) {
            Fault.Kind kind = kinds.get(random.nextInt(kinds.size()));
            long at = (long) (random.nextDouble() * trafficMillis * 0.8);
            long length = FAULT_MILLIS_MIN + (long) (random.nextDouble() * (FAULT_MILLIS_MAX - FAULT_MILLIS_MIN));
            int node = random.nextInt(2);
            faults.add(new Fault(kind, bothNodes ? node : 1, at, length));
        }
        if (possible.contains(Fault.Kind.NODE_KILL) && random.nextInt(NODE_KILL_ONE_IN) == 0) {
            faults.add(new Fault(Fault.Kind.NODE_KILL, 1, (long) (random.nextDouble() * trafficMillis * 0.7), 0));
        }
        if (possible.contains(Fault.Kind.POSTGRES_FAILOVER) && random.nextInt(FAILOVER_ONE_IN) == 0) {
            faults.add(new Fault(Fault.Kind.POSTGRES_FAILOVER, 0, (long) (random.nextDouble() * trafficMillis * 0.6), 0));
        }
        faults.sort(Comparator.comparingLong(Fault::atMillis));
        // Drawn last, so that a seed's sale, crowd and faults are what they were before holds could be extended.
        int maxExtensionSeconds = 1 + random.nextInt(3);
        int maxExtensions = random.nextInt(3);
        return new RunPlan(seed, units, shards, holdSeconds, maxPerBuyer, buyers, roomUnits, admissionPerSecond, maxActive,
                clients, trafficMillis, List.copyOf(faults), maxExtensionSeconds, maxExtensions);
    }

    /** The seed of client {@code index}: its every choice follows from it. */
    long clientSeed(int index) {
        return seed * 1_000_003L + index;
    }

    public JsonObject json() {
        JsonArrayBuilder schedule = Json.createArrayBuilder();
        faults.forEach(fault -> schedule.add(fault.json()));
        return Json.createObjectBuilder().add("seed", seed).add("units", units).add("shards", shards)
                .add("holdSeconds", holdSeconds).add("maxPerBuyer", maxPerBuyer).add("buyers", buyers)
                .add("roomUnits", roomUnits).add("admissionPerSecond", admissionPerSecond).add("maxActive", maxActive)
                .add("clients", clients).add("trafficMillis", trafficMillis).add("faults", schedule)
                .add("maxExtensionSeconds", maxExtensionSeconds).add("maxExtensions", maxExtensions).build();
    }
}
