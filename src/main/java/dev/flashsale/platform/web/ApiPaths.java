package dev.flashsale.platform.web;

/**
 * The one rule of whose a path is, for every part that asks: every path under {@code /api} is the
 * API's; under {@code /api/admin}, and the server's {@code /metrics} (which runs in this
 * application's context and a user's credential opens), the admin's; every other path under
 * {@code /api} the storefront's, which a storefront key or nothing opens. Paths are below the
 * context, decoded and normalised as the container matched them. {@code web.xml}'s security
 * constraints and CDI's context mapping say the same in their own terms, and
 * {@code RouteDeclarationsTest} holds them to it.
 */
public final class ApiPaths {

    public static final String API = "/api";
    public static final String ADMIN = API + "/admin";
    public static final String METRICS = "/metrics";

    private ApiPaths() {
    }

    /** Under {@code /api}: an answer that is data, never a page. */
    public static boolean isApi(String path) {
        return isUnder(path, API);
    }

    /** The admin API's (and the server's metrics): opened by a user's credential. */
    public static boolean isAdmin(String path) {
        return isUnder(path, ADMIN) || isUnder(path, METRICS);
    }

    /** The storefront's: under {@code /api}, not the admin's. */
    public static boolean isStorefront(String path) {
        return path.startsWith(API + "/") && !isAdmin(path);
    }

    private static boolean isUnder(String path, String root) {
        return path.startsWith(root) && (path.length() == root.length() || path.charAt(root.length()) == '/');
    }
}
