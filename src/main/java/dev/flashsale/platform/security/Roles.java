package dev.flashsale.platform.security;

/** The roles of the application; a caller's group from its identity store is its role. */
public final class Roles {

    /** Sets up and runs sales: every admin change. */
    public static final String MERCHANDISER = "merchandiser";
    /** Reads the console and the admin API, changes nothing. */
    public static final String VIEWER = "viewer";
    /** A storefront backend calling with an API key: reserves, confirms, cancels, reads stock. */
    public static final String STOREFRONT = "storefront";

    private Roles() {
    }
}
