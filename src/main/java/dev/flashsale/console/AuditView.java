package dev.flashsale.console;

import dev.flashsale.audit.boundary.AuditLog;
import dev.flashsale.audit.entity.AuditEvent;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;

/** The newest admin actions: who did what, when. */
@Named
@RequestScoped
public class AuditView {

    private static final int EVENTS = 200;

    @Inject
    AuditLog log;

    @Inject
    ConsoleActions actions;

    private List<AuditEvent> events;

    /**
     * Reads what the page lists before the page is drawn, so that a failure to read it shows in the
     * page's messages, which are drawn above the lists.
     */
    public void load() {
        getEvents();
    }

    public List<AuditEvent> getEvents() {
        if (events == null) {
            events = actions.attempt(null, () -> log.recent(null, null, EVENTS)).orElse(List.of());
        }
        return events;
    }
}
