package dev.flashsale.testsupport;

import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.MethodDescriptor;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.MethodOrdererContext;

/**
 * The order of a class's tests (src/test/resources/junit-platform.properties): by name, or, in a
 * run shuffled with {@code -Dsuite.shuffle} ({@link SuiteOrder}), in an order drawn from the same
 * seed and the class's name, so that a test that leans on another of its class shows, and the
 * failing order can be run again from the seed printed.
 */
public final class SuiteMethodOrder implements MethodOrderer {

    @Override
    public void orderMethods(MethodOrdererContext context) {
        List<? extends MethodDescriptor> methods = context.getMethodDescriptors();
        methods.sort(Comparator.comparing((MethodDescriptor test) -> test.getMethod().getName())
                .thenComparing(test -> test.getMethod().toGenericString()));
        OptionalLong seed = SuiteOrder.shuffleSeed();
        if (seed.isPresent()) {
            Collections.shuffle(methods, new java.util.Random(seed.getAsLong() ^ context.getTestClass().getName().hashCode()));
        }
    }
}
