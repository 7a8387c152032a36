package dev.flashsale.testsupport;

/** A wait between two looks at something a test awaits; an interrupt ends the test. */
public final class Pause {

    private Pause() {
    }

    public static void millis(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
