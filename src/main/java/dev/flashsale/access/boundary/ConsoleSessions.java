package dev.flashsale.access.boundary;

import dev.flashsale.access.control.Authentication;
import dev.flashsale.access.control.EnabledAccounts;
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
import java.util.logging.Logger;

/**
 * A console session lasts only while its user is enabled: the login lives in the session, so a
 * user disabled after logging in would otherwise keep the console until the session times out.
 * Each page and form post of a user no longer enabled (as {@link EnabledAccounts} knows it, at most
 * its refresh late on a node where the user was not disabled) ends the session and goes to the
 * login page. A user this node does not know yet (added on another node) is looked up in the table.
 */
@Access({Roles.ADMINISTRATOR, Roles.MERCHANDISER, Roles.VIEWER})
@WebFilter(urlPatterns = "/console/*")
public class ConsoleSessions extends HttpFilter {

    private static final Logger LOG = Logger.getLogger(ConsoleSessions.class.getName());

    @Inject
    EnabledAccounts enabled;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Principal user = request.getUserPrincipal();
        if (user == null || enabled.isEnabled(user.getName())) {
            chain.doFilter(request, response);
            return;
        }
        LOG.info(() -> "Console session of " + user.getName() + " ended: the user is disabled");
        request.logout();
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
        Authentication.sendToLogin(request, response);
    }
}
