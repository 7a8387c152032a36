package dev.flashsale.platform.security;

import java.util.Set;

/**
 * The roles of the application (docs/roles.md has who may do what). A user's groups, which the
 * container maps to roles of the same names, come from its one role ({@link #groupsOf}).
 */
public final class Roles {

    /** Manages users and storefront keys, and may do all a merchandiser does. */
    public static final String ADMINISTRATOR = "administrator";
    /** Sets up and runs sales: every admin change but users and keys. */
    public static final String MERCHANDISER = "merchandiser";
    /** Reads the console and the admin API, changes nothing. */
    public static final String VIEWER = "viewer";
    /** A storefront backend calling with an API key: reserves, confirms, cancels, reads stock. */
    public static final String STOREFRONT = "storefront";

    private Roles() {
    }

    /**
     * The groups a user of this role is in. An administrator is a merchandiser too, so that the
     * first administrator can run a shop alone and no merchandiser's check need name it.
     */
    public static Set<String> groupsOf(String role) {
        return ADMINISTRATOR.equals(role) ? Set.of(ADMINISTRATOR, MERCHANDISER) : Set.of(role);
    }
}
