package dev.flashsale.testsupport;

import dev.flashsale.testsupport.NodeStartsBeside.Node;
import java.util.Optional;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Begins the starts of the suite's other nodes early, so that each overlaps tests that mostly
 * wait instead of adding its half minute or more to the run. When the run includes the tests
 * that use the second node (packaging, faults), that node's start begins with the first class
 * that runs alone ({@code @Isolated}) of the browser group, or the first marked
 * {@link NodeStartsBeside} {@code SECOND} ({@link SecondNode#startEarly}). Not sooner: most of
 * the core and room groups run against one node (a second one's sweeper would take their holds,
 * its metrics would miss them), and so do the browser classes that run beside them. When it
 * includes the cluster's, the {@link ClusterNode}'s start begins with the first class marked
 * {@link NodeStartsBeside} {@code CLUSTER}, and is waited for at that class's end: the node
 * shares no data with the others, but a class after it may stop PostgreSQL under its migration.
 * (The second node's start, which the browser classes hold with too, runs on into them.)
 */
public class EarlyStarts implements TestExecutionListener {

    private static final TestTag BROWSER = TestTag.create("browser");
    private static final TestTag PACKAGING = TestTag.create("packaging");
    private static final TestTag FAULTS = TestTag.create("faults");
    private static final TestTag CLUSTER = TestTag.create("cluster");

    private volatile boolean secondNodeNeeded;
    private volatile boolean clusterNodeNeeded;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        boolean integration = System.getProperty("it.redis.port") != null;
        secondNodeNeeded = integration && (includes(plan, PACKAGING) || includes(plan, FAULTS));
        clusterNodeNeeded = integration && includes(plan, CLUSTER);
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (!test.isContainer()) {
            return;
        }
        Optional<Node> beside = testClass(test).map(type -> type.getAnnotation(NodeStartsBeside.class))
                .map(NodeStartsBeside::value);
        if (secondNodeNeeded && (test.getTags().contains(BROWSER) && runsAlone(test) || beside.equals(Optional.of(Node.SECOND)))) {
            secondNodeNeeded = false;
            SecondNode.startEarly();
        }
        if (clusterNodeNeeded && beside.equals(Optional.of(Node.CLUSTER))) {
            clusterNodeNeeded = false;
            ClusterNode.startEarly();
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (test.isContainer() && testClass(test).map(type -> type.getAnnotation(NodeStartsBeside.class))
                .filter(beside -> beside.value() == Node.CLUSTER).isPresent()) {
            ClusterNode.awaitTheEarlyStart();
        }
    }

    private static boolean includes(TestPlan plan, TestTag tag) {
        return plan.getRoots().stream().flatMap(root -> plan.getDescendants(root).stream()).anyMatch(test -> test.getTags().contains(tag));
    }

    private static boolean runsAlone(TestIdentifier test) {
        return testClass(test).map(type -> type.isAnnotationPresent(Isolated.class)).orElse(false);
    }

    private static Optional<Class<?>> testClass(TestIdentifier test) {
        return test.getSource().filter(ClassSource.class::isInstance).map(ClassSource.class::cast).map(ClassSource::getJavaClass);
    }
}
