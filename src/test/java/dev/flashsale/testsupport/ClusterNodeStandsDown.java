package dev.flashsale.testsupport;

import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Before a test class that is not the Redis Cluster's, the second node is stopped if it runs on
 * the Cluster ({@link SecondNode#offTheCluster()}): its sweeper would give the units of that
 * class's expired holds back to the Cluster's gate, and the class would find its own gate, in the
 * tests' Redis, short of them (a shuffled run put `RedisGateIT` after `RedisClusterIT`, and
 * `cancelAndExpiryGiveUnitsBackToTheGate` waited 20 s for a unit given back to the Cluster). In the
 * suite's own order the cluster's classes come last and this does nothing; in a shuffled order
 * the next class that needs that node starts it again. It is listed before {@link EarlyStarts} (in
 * META-INF/services), so that an early start begun with the same class finds the node stopped.
 */
public class ClusterNodeStandsDown implements TestExecutionListener {

    private static final TestTag CLUSTER = TestTag.create("cluster");

    @Override
    public void executionStarted(TestIdentifier test) {
        if (test.isContainer() && test.getSource().filter(ClassSource.class::isInstance).isPresent()
                && !test.getTags().contains(CLUSTER)) {
            SecondNode.offTheCluster();
        }
    }
}
