package dev.flashsale.testsupport;

import java.lang.annotation.Annotation;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.platform.engine.TestTag;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * When the run includes the tests that use the second node (packaging, faults, cluster), that
 * node's start begins with the first class that runs alone ({@code @Isolated}) of the browser
 * group, or the first marked {@link SecondNodeStartsBeside} ({@link SecondNode#startEarly}): it
 * then overlaps their tests, which mostly wait, instead of adding its half minute or more to the
 * run. Not sooner: most of the core and room groups run against one node (a second one's sweeper
 * would take their holds, its metrics would miss them), and so do the browser classes that run
 * beside them.
 */
public class EarlyStarts implements TestExecutionListener {

    private static final TestTag BROWSER = TestTag.create("browser");
    private static final TestTag PACKAGING = TestTag.create("packaging");
    private static final TestTag FAULTS = TestTag.create("faults");

    private volatile boolean secondNodeNeeded;

    @Override
    public void testPlanExecutionStarted(TestPlan plan) {
        secondNodeNeeded = System.getProperty("it.redis.port") != null
                && plan.getRoots().stream().flatMap(root -> plan.getDescendants(root).stream())
                .anyMatch(test -> test.getTags().contains(PACKAGING) || test.getTags().contains(FAULTS));
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (secondNodeNeeded && test.isContainer() && (test.getTags().contains(BROWSER) && runsAlone(test) || startsBeside(test))) {
            secondNodeNeeded = false;
            SecondNode.startEarly();
        }
    }

    private static boolean startsBeside(TestIdentifier test) {
        return annotated(test, SecondNodeStartsBeside.class);
    }

    private static boolean runsAlone(TestIdentifier test) {
        return annotated(test, Isolated.class);
    }

    private static boolean annotated(TestIdentifier test, Class<? extends Annotation> annotation) {
        return test.getSource().filter(ClassSource.class::isInstance).map(ClassSource.class::cast)
                .map(source -> source.getJavaClass().isAnnotationPresent(annotation)).orElse(false);
    }
}
