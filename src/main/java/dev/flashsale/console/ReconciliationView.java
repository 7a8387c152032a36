package dev.flashsale.console;

import dev.flashsale.gate.boundary.GateCounters;
import dev.flashsale.reconciliation.boundary.Reconciler;
import dev.flashsale.reconciliation.entity.Gap;
import dev.flashsale.reconciliation.entity.GapAction;
import dev.flashsale.reconciliation.entity.GapKind;
import dev.flashsale.reconciliation.entity.ReconciliationRun;
import dev.flashsale.stock.entity.Sku;
import jakarta.faces.view.ViewScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.validation.constraints.Pattern;
import java.io.Serializable;
import java.util.List;

/**
 * Recent reconciliation runs with their gaps (by direction: Redis high, Redis low, or a ledger
 * bug in PostgreSQL itself), and the two actions: reconcile now, rebuild a SKU's counter.
 */
@Named
@ViewScoped
public class ReconciliationView implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int RUNS = 30;

    @Inject
    transient Reconciler reconciler;

    @Inject
    transient GateCounters counters;

    @Inject
    transient ConsoleActions actions;

    private final Shown<List<ReconciliationRun>> runs = Shown.list();

    @Pattern(regexp = Sku.PATTERN, message = "Not a SKU: 1 to 64 letters, digits, '.', '_', ':' or '-'")
    private String sku;

    /** Reads what the page shows before it is drawn ({@link Shown}). */
    public void load() {
        getRuns();
    }

    public List<ReconciliationRun> getRuns() {
        return runs.get(actions, () -> reconciler.recent(RUNS));
    }

    public long gapsOf(GapKind kind) {
        return getRuns().stream().flatMap(run -> run.gaps().stream()).filter(gap -> gap.kind() == kind).count();
    }

    public List<Gap> getAlerts() {
        return getRuns().stream().flatMap(run -> run.gaps().stream())
                .filter(gap -> gap.action() == GapAction.ALERTED || gap.kind() == GapKind.LEDGER_BUG).toList();
    }

    public GapKind[] getKinds() {
        return GapKind.values();
    }

    public void reconcileNow() {
        actions.attempt(null, reconciler::runOnDemand).ifPresent(run -> {
            if (run.isPresent()) {
                actions.info("Reconciled: " + run.get().skusChecked() + " SKU(s), " + run.get().gaps().size() + " gap(s)");
            } else {
                actions.info("Another node is reconciling right now; its run will show here");
            }
            runs.forget();
        });
    }

    public void rebuildCounter() {
        if (sku == null || sku.isBlank()) {
            actions.error("reconciliationForm:sku", "Enter the SKU whose counter to rebuild");
            return;
        }
        actions.attempt("reconciliationForm:sku", () -> counters.rebuildOnDemand(new Sku(sku.strip())))
                .ifPresent(rebuilt -> actions.info("Counter of " + rebuilt.sku() + " rebuilt: " + rebuilt.before()
                        + " -> " + rebuilt.available()));
    }

    public String getSku() {
        return sku;
    }

    public void setSku(String sku) {
        this.sku = sku;
    }
}
