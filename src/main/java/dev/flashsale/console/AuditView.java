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

    private final Shown<List<AuditEvent>> events = Shown.list();

    /** Reads what the page shows before it is drawn ({@link Shown}). */
    public void load() {
        getEvents();
    }

    public List<AuditEvent> getEvents() {
        return events.get(actions, () -> log.recent(null, null, EVENTS));
    }
}
