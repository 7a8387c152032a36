package dev.flashsale.platform.web;

/**
 * Whether the servlet container serves this application yet: set by the first request any of its
 * filters sees ({@link SecurityHeaders}, on every path). Payara starts the application's listeners
 * and filters before it maps the application's paths, so a part that answers outside the servlet
 * container (the storefront's own door) waits for this before it says the node is up.
 */
public final class WebModuleServing {

    private static volatile boolean serving;

    private WebModuleServing() {
    }

    static void seen() {
        if (!serving) {
            serving = true;
        }
    }

    public static boolean isServing() {
        return serving;
    }
}
