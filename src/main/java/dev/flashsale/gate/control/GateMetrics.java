package dev.flashsale.gate.control;

import dev.flashsale.gate.entity.GateVerdict;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/** What the gate answered to checkout attempts, one counter per answer. */
@ApplicationScoped
public class GateMetrics {

    @Inject
    MetricRegistry registry;

    private final Map<GateVerdict, Counter> admissions = new EnumMap<>(GateVerdict.class);
    private Counter fromMemory;

    /** Registered at start-up, so that every metric is there, at zero, before the first checkout. */
    void registerEarly(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // Creating the bean registered its metrics.
    }

    @PostConstruct
    void register() {
        Metadata metadata = Metadata.builder().withName("flashsale.gate.admissions")
                .withDescription("The gate's answers to checkout attempts (bypassed: PostgreSQL alone decided)").build();
        for (GateVerdict answer : GateVerdict.values()) {
            admissions.put(answer, registry.counter(metadata, new Tag("answer", answer.name().toLowerCase(Locale.ROOT))));
        }
        fromMemory = registry.counter(Metadata.builder().withName("flashsale.gate.sold-out-from-memory")
                .withDescription("Sold-out refusals a node answered from its memory, without asking Redis").build());
    }

    public void refusedFromMemory() {
        fromMemory.inc();
    }

    public GateVerdict counted(GateVerdict answer) {
        admissions.get(answer).inc();
        return answer;
    }
}
