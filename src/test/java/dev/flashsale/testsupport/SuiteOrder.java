package dev.flashsale.testsupport;

import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;

/**
 * The suite's one fixed order (src/test/resources/junit-platform.properties): the groups in the
 * order of {@link #GROUPS}, each group's classes by their {@link Order} (none: 0), then by name.
 * The two-node and fault classes share one {@link SecondNode}: the class that kills it
 * ({@code @Order(1)}) comes last in its group, so that no class starts the node again; every
 * class passes in any order. A class without a group's tag comes first, and the build fails on it
 * ({@code GroupTagTest}). With {@code -Dsuite.shuffle=SEED} the classes run in an order drawn from
 * the seed, printed with it, so that a class that leans on another's leftovers shows, and a failing
 * order can be run again; each class's tests are then shuffled from the same seed too
 * ({@link SuiteMethodOrder}).
 */
public final class SuiteOrder implements ClassOrderer {

    /** The groups, in the order they run: {@code -Dgroups=faults} runs one alone. */
    public static final List<String> GROUPS = List.of("core", "security", "room", "browser", "packaging", "faults", "cluster");

    /** {@code -Dsuite.shuffle=SEED} (or {@code random}): the classes in an order drawn from the seed instead. */
    public static final String SHUFFLE = "suite.shuffle";

    /**
     * The seed of {@code random}, drawn once: JUnit may order the classes more than once, and the
     * order that runs must be the one of the seed printed.
     */
    private static final long RANDOM_SEED = new java.util.Random().nextLong();

    @Override
    public void orderClasses(ClassOrdererContext context) {
        OptionalLong shuffled = shuffleSeed();
        if (shuffled.isPresent()) {
            long seed = shuffled.getAsLong();
            List<? extends ClassDescriptor> classes = context.getClassDescriptors();
            classes.sort(Comparator.comparing(test -> test.getTestClass().getName()));
            Collections.shuffle(classes, new java.util.Random(seed));
            System.out.println("SuiteOrder: " + classes.size() + " classes shuffled with -D" + SHUFFLE + "=" + seed + ": "
                    + classes.stream().map(test -> test.getTestClass().getSimpleName()).toList());
            return;
        }
        context.getClassDescriptors().sort(Comparator
                .comparingInt((ClassDescriptor test) -> GROUPS.indexOf(group(test.getTestClass()).orElse("")))
                .thenComparingInt(test -> test.findAnnotation(Order.class).map(Order::value).orElse(0))
                .thenComparing(test -> test.getTestClass().getSimpleName()));
    }

    /** The seed of {@code -Dsuite.shuffle}, when the run is shuffled. */
    static OptionalLong shuffleSeed() {
        String shuffle = System.getProperty(SHUFFLE, "").strip();
        if (shuffle.isEmpty()) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(shuffle.equals("random") ? RANDOM_SEED : Long.parseLong(shuffle));
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
