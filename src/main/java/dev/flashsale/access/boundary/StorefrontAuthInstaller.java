package dev.flashsale.access.boundary;

import dev.flashsale.access.control.AdminApiLogin;
import dev.flashsale.access.control.StorefrontAuthConfigProvider;
import dev.flashsale.access.control.StorefrontLogin;
import jakarta.inject.Inject;
import jakarta.security.auth.message.config.AuthConfigFactory;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Puts the storefront's key check in front of Jakarta Security once it has registered itself
 * (its container initializer runs before any listener), for this application's context only.
 */
@WebListener
public class StorefrontAuthInstaller implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(StorefrontAuthInstaller.class.getName());

    @Inject
    StorefrontLogin storefront;

    @Inject
    AdminApiLogin admin;

    private Optional<String> registration = Optional.empty();

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        // The application context as the container names it: "<virtual server> <context path>".
        String appContext = context.getVirtualServerName() + " " + context.getContextPath();
        registration = StorefrontAuthConfigProvider.install(appContext, storefront, admin);
        if (registration.isEmpty()) {
            LOG.warning(() -> "No authentication registered for '" + appContext + "' to put the storefront's key check in front of;"
                    + " Jakarta Security checks the storefront's keys itself");
        }
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        registration.ifPresent(id -> AuthConfigFactory.getFactory().removeRegistration(id));
    }
}
