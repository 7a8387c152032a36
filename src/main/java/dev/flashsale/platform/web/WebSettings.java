package dev.flashsale.platform.web;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.SessionCookieConfig;
import jakarta.servlet.annotation.WebListener;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The console's session, from configuration: its idle timeout
 * ({@code flashsale.console.session-minutes}) and a session cookie that scripts cannot read and
 * that travels only over HTTPS unless {@code flashsale.console.secure-cookie} is false (local
 * runs over plain HTTP). SameSite=Strict is set in payara-web.xml: Payara 6 ignores the
 * Servlet 6 cookie attributes.
 */
@WebListener
public class WebSettings implements ServletContextListener {

    @Override
    public void contextInitialized(ServletContextEvent event) {
        Config config = ConfigProvider.getConfig(WebSettings.class.getClassLoader());
        ServletContext context = event.getServletContext();
        context.setSessionTimeout(config.getValue("flashsale.console.session-minutes", Integer.class));
        SessionCookieConfig cookie = context.getSessionCookieConfig();
        cookie.setName("FLASHSALE_SESSION");
        cookie.setHttpOnly(true);
        cookie.setSecure(config.getValue("flashsale.console.secure-cookie", Boolean.class));
    }
}
