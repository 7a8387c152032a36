package dev.flashsale.access.control;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The credentials version a console session was logged in with ({@link AccountBook.Credentials#version}),
 * kept in the session: set at login, and again after the user's own password change made from it;
 * and the groups of that login.
 * A session whose node knows a newer version for its user is one of old credentials.
 */
public final class SessionCredentials {

    private static final String ATTRIBUTE = SessionCredentials.class.getName() + ".version";
    private static final String GROUPS = SessionCredentials.class.getName() + ".groups";

    private SessionCredentials() {
    }

    public static void remember(HttpServletRequest request, long version) {
        request.getSession().setAttribute(ATTRIBUTE, version);
    }

    /** The groups the session's caller logged in with, named to the container on each of the session's requests. */
    public static void rememberGroups(HttpServletRequest request, Set<String> groups) {
        request.getSession().setAttribute(GROUPS, Set.copyOf(groups));
    }

    /** @return empty when there is no session, or it was not logged in through the console's login */
    @SuppressWarnings("unchecked")
    public static Optional<Set<String>> groups(HttpSession session) {
        Object groups = session == null ? null : session.getAttribute(GROUPS);
        return groups instanceof Set<?> known ? Optional.of((Set<String>) known) : Optional.empty();
    }

    /** @return empty when there is no session, or it was not logged in through the console's login */
    public static OptionalLong of(HttpSession session) {
        Object version = session == null ? null : session.getAttribute(ATTRIBUTE);
        return version instanceof Long known ? OptionalLong.of(known) : OptionalLong.empty();
    }

    /** Whether the session's credentials are those of the user now ({@code current}; empty: disabled or unknown). */
    public static boolean areCurrent(HttpSession session, Optional<AccountBook.Credentials> current) {
        OptionalLong loggedInWith = of(session);
        return current.isPresent() && loggedInWith.isPresent() && loggedInWith.getAsLong() >= current.get().version();
    }
}
