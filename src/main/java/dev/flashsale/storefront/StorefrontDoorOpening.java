package dev.flashsale.storefront;

import dev.flashsale.platform.concurrent.RequestThreads;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.annotation.WebListener;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Opens the storefront's door ({@link StorefrontDoor}) once the web module has started, and closes
 * it when it stops. The door's threads are Grizzly's, which the container knows nothing of, so each
 * of the door's requests runs in a copy of the web module's invocation, taken here
 * ({@link ContainerInvocations}), and so does each task of the {@link RequestThreads}, which carry
 * on requests whose own threads have gone on. And every application-scoped bean of the product is made here
 * first, in the web module's own invocation: a bean made on first use takes what the container
 * injects by the calling component (the application's metric registry) from the thread that made it.
 */
@WebListener
public class StorefrontDoorOpening implements ServletContextListener {

    private static final Logger LOG = Logger.getLogger(StorefrontDoorOpening.class.getName());
    private static final String PRODUCT = "dev.flashsale.";

    @Inject
    BeanManager beans;

    @Inject
    Storefront storefront;

    @Inject
    RequestThreads threads;

    @Override
    public void contextInitialized(ServletContextEvent started) {
        int made = 0;
        for (Bean<?> bean : beans.getBeans(Object.class, Any.Literal.INSTANCE)) {
            if (bean.getScope() == ApplicationScoped.class && bean.getBeanClass().getName().startsWith(PRODUCT)) {
                made += make(bean) ? 1 : 0;
            }
        }
        ContainerInvocations invocations = ContainerInvocations.ofTheCallingComponent();
        threads.open(task -> StorefrontDoor.asRequest(invocations, task));
        StorefrontDoor.open(storefront, invocations);
        int count = made;
        LOG.info(() -> "The storefront's door is open (" + count + " application beans made first)");
    }

    @Override
    public void contextDestroyed(ServletContextEvent stopped) {
        StorefrontDoor.close();
        threads.close();
    }

    private <T> boolean make(Bean<T> bean) {
        try {
            beans.getContext(ApplicationScoped.class).get(bean, beans.createCreationalContext(bean));
            return true;
        } catch (RuntimeException failed) {
            LOG.log(Level.WARNING, "Could not make " + bean.getBeanClass().getName() + " at start-up; it is made on first use", failed);
            return false;
        }
    }
}
