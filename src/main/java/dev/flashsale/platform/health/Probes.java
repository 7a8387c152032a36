package dev.flashsale.platform.health;

import dev.flashsale.platform.Causes;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs a probe's question on the server's managed executor and waits
 * {@code flashsale.health.timeout-ms} at most for it: a load balancer asking while PostgreSQL
 * hangs gets its answer in time, never a thread stuck with the database.
 */
@ApplicationScoped
public class Probes {

    private static final Logger LOG = Logger.getLogger(Probes.class.getName());

    @Resource
    ManagedExecutorService executor;

    @Inject
    @ConfigProperty(name = "flashsale.health.timeout-ms")
    long timeoutMillis;

    /** @return the answer, or empty when the question failed or took too long (logged, never swallowed) */
    public <T> Optional<T> ask(String what, Supplier<T> question) {
        CompletableFuture<T> answer = CompletableFuture.supplyAsync(question, executor);
        try {
            return Optional.ofNullable(answer.get(timeoutMillis, TimeUnit.MILLISECONDS));
        } catch (TimeoutException slow) {
            answer.cancel(true);
            LOG.warning(() -> "Health probe: " + what + " did not answer within " + timeoutMillis + " ms");
            return Optional.empty();
        } catch (ExecutionException failed) {
            LOG.warning(() -> "Health probe: " + what + " failed: " + Causes.summary(failed.getCause()));
            LOG.log(Level.FINE, "Health probe failure", failed.getCause());
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
