package dev.flashsale.campaign;

import dev.flashsale.testsupport.Pause;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Brings a run's faults on and undoes them at their moments, each on a thread of its own (a
 * PostgreSQL restart takes seconds, and the faults overlap). {@link #finish()} undoes what is left
 * and waits for every fault's thread.
 */
final class FaultScheduler {

    private static final Logger LOG = Logger.getLogger(FaultScheduler.class.getName());

    private record Step(long atMillis, Fault fault, boolean begins) {
    }

    private final Stage stage;
    private final List<Step> steps = new ArrayList<>();
    private final ExecutorService doers = Executors.newCachedThreadPool();
    private final Thread clock;
    private volatile boolean stopped;

    FaultScheduler(Stage stage, List<Fault> faults) {
        this.stage = stage;
        for (Fault fault : faults) {
            steps.add(new Step(fault.atMillis(), fault, true));
            steps.add(new Step(fault.atMillis() + fault.forMillis(), fault, false));
        }
        steps.sort(Comparator.comparingLong(Step::atMillis).thenComparing(step -> !step.begins()));
        clock = new Thread(this::play, "campaign-faults");
        clock.setDaemon(true);
    }

    void start() {
        clock.start();
    }

    private void play() {
        try {
            playSteps();
        } catch (IllegalStateException interrupted) {
            // finish() stopped the schedule.
        }
    }

    private void playSteps() {
        long started = System.nanoTime();
        for (Step step : steps) {
            long wait = step.atMillis() - (System.nanoTime() - started) / 1_000_000;
            if (wait > 0) {
                Pause.millis(wait); // the schedule's own moment, not a wait for a condition
            }
            if (stopped) {
                return;
            }
            doers.submit(() -> {
                try {
                    if (step.begins()) {
                        stage.begin(step.fault());
                    } else {
                        stage.end(step.fault());
                    }
                } catch (RuntimeException failed) {
                    LOG.log(Level.WARNING, "Fault step failed: " + step, failed);
                }
            });
        }
    }

    /** Stops the schedule where it is and waits for the faults' threads; the stage settles the rest. */
    void finish() throws InterruptedException {
        stopped = true;
        clock.interrupt();
        clock.join(10_000);
        doers.shutdown();
        if (!doers.awaitTermination(120, TimeUnit.SECONDS)) {
            LOG.warning("A fault's thread is still at work after 120 s");
        }
    }
}
