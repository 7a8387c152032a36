package dev.flashsale.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** A run's plan follows from its seed alone: how a run replays, and what the smoke's seeds bring. */
class RunPlanTest {

    private static final Set<Fault.Kind> ALL = EnumSet.allOf(Fault.Kind.class);
    private static final Set<Fault.Kind> SMOKE = EnumSet.of(Fault.Kind.REDIS_KILL, Fault.Kind.REDIS_PAUSE,
            Fault.Kind.NODE_CUT_REDIS, Fault.Kind.NODE_CUT_POSTGRES, Fault.Kind.NODE_SLOW);

    @Test
    void theSameSeedGivesTheSamePlanAndAnotherSeedAnother() {
        assertEquals(RunPlan.draw(42, 200, 5_000, ALL, true), RunPlan.draw(42, 200, 5_000, ALL, true));
        assertNotEquals(RunPlan.draw(42, 200, 5_000, ALL, true), RunPlan.draw(43, 200, 5_000, ALL, true));
    }

    @Test
    void faultsStayWithinTheirBoundsAndTheStagesKinds() {
        LongStream.range(0, 2_000).mapToObj(seed -> RunPlan.draw(seed, 200, 5_000, SMOKE, false)).forEach(plan -> {
            assertTrue(plan.faults().size() <= RunPlan.FAULTS_MAX, plan.json().toString());
            plan.faults().forEach(fault -> {
                assertTrue(SMOKE.contains(fault.kind()), fault.toString());
                assertTrue(!fault.kind().ofOneNode() || fault.node() == 1, "the smoke's node 0 has no proxy: " + fault);
                assertTrue(fault.forMillis() >= RunPlan.FAULT_MILLIS_MIN && fault.forMillis() <= RunPlan.FAULT_MILLIS_MAX);
            });
        });
    }

    @Test
    void aThousandRunsKillANodeAndFailPostgresOverNowAndThen() {
        long kills = LongStream.range(0, 1_000).filter(seed -> RunPlan.draw(seed, 200, 5_000, ALL, true).faults().stream()
                .anyMatch(fault -> fault.kind() == Fault.Kind.NODE_KILL)).count();
        long failovers = LongStream.range(0, 1_000).filter(seed -> RunPlan.draw(seed, 200, 5_000, ALL, true).faults().stream()
                .anyMatch(fault -> fault.kind() == Fault.Kind.POSTGRES_FAILOVER)).count();
        assertTrue(kills > 10 && kills < 100, kills + " kills");
        assertTrue(failovers > 10 && failovers < 100, failovers + " failovers");
    }

    @Test
    void theSmokesSeedsBringFaults() {
        for (long seed : new long[] {11, 12, 13}) {
            assertFalse(RunPlan.draw(seed, 200, 3_000, SMOKE, false).faults().isEmpty(), "seed " + seed);
        }
    }
}
