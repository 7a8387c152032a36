package dev.flashsale.reservations.control;

import dev.flashsale.reservations.entity.CheckoutGroups;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.LongAdder;

/** What this node's reserve transactions did since it started, for {@link CheckoutGroups}. */
@ApplicationScoped
public class CheckoutCounters {

    private final LongAdder groups = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder undecided = new LongAdder();
    private final LongAdder retried = new LongAdder();
    private final LongAdder gaveUp = new LongAdder();

    public void groupRun(int size) {
        groups.increment();
        requests.add(size);
    }

    public void leftUndecided() {
        undecided.increment();
    }

    /** A reserve transaction rolled back (a key race or a deadlock) and tried again. */
    public void triedAgain() {
        retried.increment();
    }

    /** A request waited in line past its deadline and was answered 503. */
    public void gaveUpWaiting() {
        gaveUp.increment();
    }

    /** @param lines the stock rows with requests in line right now */
    public CheckoutGroups snapshot(int groupMax, int lines) {
        return new CheckoutGroups(groupMax, groups.sum(), requests.sum(), undecided.sum(), retried.sum(), gaveUp.sum(), lines);
    }
}
