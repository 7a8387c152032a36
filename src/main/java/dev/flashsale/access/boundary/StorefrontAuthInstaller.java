package dev.flashsale.access.boundary;

import dev.flashsale.access.control.AdminApiLogin;
import dev.flashsale.access.control.StorefrontAuthConfigProvider;
import dev.flashsale.access.control.Challenges;
import jakarta.inject.Inject;
import jakarta.security.auth.message.config.AuthConfigFactory;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * Lets the storefront's paths pass Jakarta Security untouched (the storefront pipeline checks their
 * keys), once Jakarta Security has registered itself
 * (its container initializer runs before any listener), for this application's context only.
 */
@WebListener
public class StorefrontAuthInstaller implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(StorefrontAuthInstaller.class.getName());

    @Inject
    Challenges challenges;

    @Inject
    AdminApiLogin admin;

    private Optional<String> registration = Optional.empty();

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        // The application context as the container names it: "<virtual server> <context path>".
        String appContext = context.getVirtualServerName() + " " + context.getContextPath();
        registration = StorefrontAuthConfigProvider.install(appContext, challenges, admin);
        if (registration.isEmpty()) {
            LOG.warning(() -> "No authentication registered for '" + appContext + "' to put in front of;"
                    + " Jakarta Security's mechanism passes the storefront's paths by itself");
        }
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        registration.ifPresent(id -> AuthConfigFactory.getFactory().removeRegistration(id));
    }
}
