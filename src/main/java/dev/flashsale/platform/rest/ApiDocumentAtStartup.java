package dev.flashsale.platform.rest;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Payara builds the OpenAPI document on the first request to /openapi, and that takes seconds (it
 * parses the whole WAR, libraries included). It is built here instead, in the background, as soon
 * as the application is deployed, so that /openapi answers at once. Payara's builder is not a
 * public API: on a server without it the document is simply built on its first request.
 */
@Singleton
@Startup
public class ApiDocumentAtStartup {

    private static final Logger LOG = Logger.getLogger(ApiDocumentAtStartup.class.getName());
    private static final String BUILDER = "fish.payara.microprofile.openapi.impl.OpenApiService";
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    @Resource
    ManagedExecutorService executor;

    @PostConstruct
    void start() {
        executor.execute(ApiDocumentAtStartup::build);
    }

    private static void build() {
        Instant started = Instant.now();
        try {
            Class<?> service = Class.forName(BUILDER);
            Object builder = service.getMethod("getInstance").invoke(null);
            Method document = service.getMethod("getDocument");
            // Null until the server has registered the application, which follows its start-up beans.
            while (document.invoke(builder) == null) {
                if (Instant.now().isAfter(started.plus(PATIENCE))) {
                    LOG.warning("The OpenAPI document was not ready in time; it is built on its first request");
                    return;
                }
                Thread.sleep(200);
            }
            LOG.info(() -> "OpenAPI document built in " + Duration.between(started, Instant.now()).toMillis() + " ms");
        } catch (ClassNotFoundException | NoSuchMethodException notPayaras) {
            LOG.info(() -> "No Payara OpenAPI builder (" + notPayaras + "); the document is built on its first request");
        } catch (InterruptedException stopping) {
            Thread.currentThread().interrupt();
        } catch (ReflectiveOperationException | RuntimeException failed) {
            LOG.log(Level.WARNING, "Building the OpenAPI document failed", failed);
        }
    }
}
