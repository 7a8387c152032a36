package dev.flashsale.testsupport;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;

/**
 * The suite's one fixed order (src/test/resources/junit-platform.properties): the groups in the
 * order of {@link #GROUPS}, each group's classes by their {@link Order} (none: 0), then by name.
 * The two-node and fault classes share one {@link SecondNode}: the class that kills it
 * ({@code @Order(1)}) comes last in its group, and the cluster's classes, which use the node
 * started again, after it; the room's two-node class ({@code @Order(-1)}) comes first, before the
 * classes whose faults reach the second node too. A class without a group's tag comes first, and the build fails on it
 * ({@code GroupTagTest}).
 */
public final class SuiteOrder implements ClassOrderer {

    /** The groups, in the order they run: {@code -Dgroups=faults} runs one alone. */
    public static final List<String> GROUPS = List.of("core", "security", "room", "browser", "packaging", "faults", "cluster");

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator
                .comparingInt((ClassDescriptor test) -> GROUPS.indexOf(group(test.getTestClass()).orElse("")))
                .thenComparingInt(test -> test.findAnnotation(Order.class).map(Order::value).orElse(0))
                .thenComparing(test -> test.getTestClass().getSimpleName()));
    }

    /** The class's group: the first of its tags that names one. */
    public static Optional<String> group(Class<?> test) {
        Tag[] tags = test.getAnnotationsByType(Tag.class);
        for (Tag tag : tags) {
            if (GROUPS.contains(tag.value())) {
                return Optional.of(tag.value());
            }
        }
        return Optional.empty();
    }
}
