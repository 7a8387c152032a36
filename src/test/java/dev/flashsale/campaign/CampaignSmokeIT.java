package dev.flashsale.campaign;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.flashsale.testsupport.NodeStartsBeside;
import dev.flashsale.testsupport.NodeStartsBeside.Node;
import dev.flashsale.testsupport.history.Anomaly;
import dev.flashsale.testsupport.history.Op;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three runs of the fault campaign with fixed seeds, on the suite's two nodes: each a fresh sale
 * and a room sale, 200 clients reserving (retrying a key on the other node), paying, cancelling,
 * queueing, a merchandiser pausing, opening and changing units, and overlapping faults of Redis
 * and of the second node's connections; each judged by the history checker with no anomaly. And
 * one more run with the plain sale's reserves sent to the test-only naive checkout: the campaign
 * catches it.
 */
@Tag("faults")
@Isolated("stops, pauses, slows or kills PostgreSQL, Redis or the second node, which every class shares")
@NodeStartsBeside(value = Node.CLUSTER, why = "its runs are judged by what happened, not by how fast, and mostly wait for holds"
        + " to run out; the node on the Redis Cluster shares neither Redis nor a database with the two nodes the runs use")
class CampaignSmokeIT {

    private static final int CLIENTS = 200;
    private static final long TRAFFIC_MILLIS = 3_000;
    private static SuiteStage stage;

    @BeforeAll
    static void reuseTheSuitesNodes() {
        stage = new SuiteStage();
    }

    @AfterAll
    static void undoFaults() {
        stage.settle();
        stage.close();
    }

    /** Seeds whose plans hold faults that overlap: chosen so, and checked below. */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {11, 12, 13})
    void aRunUnderFaultsHasNoAnomaly(long seed) throws Exception {
        RunPlan plan = RunPlan.draw(seed, CLIENTS, TRAFFIC_MILLIS, stage.faults(), stage.bothNodesProxied());
        assertFalse(plan.faults().isEmpty(), "seed " + seed + " brings no fault: " + plan.json());

        CampaignRun.Result result = CampaignRun.run(stage, plan, "smoke-" + seed + "-" + System.nanoTime() % 100_000, false);

        System.out.println(Campaign.line(seed, result));
        assertEquals(List.<Anomaly>of(), result.report().anomalies(), result.report().toString());
        assertTrue(result.history().ops().stream().anyMatch(op -> op.kind() == Op.Kind.RESERVE && op.status() == 201),
                "no reservation made");
        assertTrue(result.history().ops().stream().anyMatch(op -> op.kind() != Op.Kind.RESERVE),
                "no payment or cancel asked");
        assertFalse(result.history().roomOps().isEmpty(), "no room request");
        assertFalse(result.history().changes().isEmpty(), "no merchandiser change");
        assertEquals(result.report().figure("unknown"), result.report().figure("unknownSettled"),
                "every unknown outcome settled by PostgreSQL");
    }

    @Test
    void theNaiveCheckoutFailsARun() throws Exception {
        RunPlan plan = RunPlan.draw(11, CLIENTS, TRAFFIC_MILLIS, stage.faults(), stage.bothNodesProxied());

        CampaignRun.Result result = CampaignRun.run(stage, plan, "smoke-foil-" + System.nanoTime() % 100_000, true);

        System.out.println(Campaign.line(11, result));
        assertTrue(result.report().has(Anomaly.Kind.OVERSOLD), result.report().toString());
    }
}
