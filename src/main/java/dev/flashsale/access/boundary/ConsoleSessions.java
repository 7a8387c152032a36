package dev.flashsale.access.boundary;

import dev.flashsale.access.control.AccountBook;
import dev.flashsale.access.control.Authentication;
import dev.flashsale.access.control.EnabledAccounts;
import dev.flashsale.access.control.SessionCredentials;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.security.Roles;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.security.Principal;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * A console session lasts only while the credentials it logged in with are its user's: the login
 * and the role live in the session, so a user disabled, given another role or another password
 * after logging in would otherwise keep the console until the session times out. Each page and
 * form post (the dashboard's AJAX poll too) of a session whose credentials version is older than
 * the one {@link EnabledAccounts} knows, or whose user is no longer enabled, ends the session and
 * goes to the login page: at once on the node that made the change, within
 * {@code flashsale.admin.account-refresh-ms} on the others. A user this node does not know yet
 * (added on another node) is looked up in the table.
 */
@Access({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
@WebFilter(urlPatterns = "/console/*")
public class ConsoleSessions extends HttpFilter {

    private static final Logger LOG = Logger.getLogger(ConsoleSessions.class.getName());

    @Inject
    EnabledAccounts enabled;

    /**
     * Keeps the session a user changed their own password from: it goes on with the new credentials
     * version, while the user's other sessions end.
     */
    public static void keepAfterOwnChange(HttpServletRequest request, long version) {
        SessionCredentials.remember(request, version);
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Principal user = request.getUserPrincipal();
        if (user == null) {
            chain.doFilter(request, response);
            return;
        }
        HttpSession session = request.getSession(false);
        Optional<AccountBook.Credentials> current = enabled.current(user.getName());
        if (SessionCredentials.areCurrent(session, current)) {
            chain.doFilter(request, response);
            return;
        }
        LOG.info(() -> "Console session of " + user.getName() + " ended: "
                + (current.isEmpty() ? "the user is disabled" : "its credentials changed since its login"));
        request.logout();
        if (session != null) {
            session.invalidate();
        }
        Authentication.sendToLogin(request, response);
    }
}
