package dev.flashsale.bench;

import java.util.function.IntSupplier;
import java.util.function.Supplier;

/**
 * The live line under a running load: requests answered, the rate of the last second and the
 * units left, rewritten in place (carriage return) about once a second, so that a stall shows.
 */
final class ProgressLine {

    private static final long MAX_LINES = 3_600;

    private final String label;
    private final IntSupplier answered;
    private final Supplier<String> unitsLeft;
    private final Thread printer;
    private volatile boolean running = true;
    private volatile boolean printed;

    ProgressLine(String label, IntSupplier answered, Supplier<String> unitsLeft) {
        this.label = label;
        this.answered = answered;
        this.unitsLeft = unitsLeft;
        this.printer = new Thread(this::printEverySecond, "bench-progress");
        this.printer.setDaemon(true);
    }

    void start() {
        printer.start();
    }

    void stop() throws InterruptedException {
        running = false;
        printer.interrupt();
        printer.join(5_000);
        if (printed) {
            System.out.print("\r" + " ".repeat(100) + "\r");
            System.out.flush();
        }
    }

    private void printEverySecond() {
        long startedAt = System.nanoTime();
        int before = 0;
        for (long line = 0; running && line < MAX_LINES; line++) {
            try {
                Thread.sleep(1_000);
            } catch (InterruptedException stopped) {
                return;
            }
            int now = answered.getAsInt();
            String text = String.format("  %-18s %5.0f s  %,8d answered  %,6d req/s now  units left %s",
                    label, (System.nanoTime() - startedAt) / 1e9, now, now - before, unitsLeft.get());
            System.out.print("\r" + text + "   ");
            System.out.flush();
            printed = true;
            before = now;
        }
    }
}
