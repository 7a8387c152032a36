package dev.flashsale.storefront;

import dev.flashsale.platform.concurrent.RequestThreads;
import dev.flashsale.platform.pipeline.Admission;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Exchange;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.pipeline.LaterHandler;
import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The answers of routes that answer later ({@link LaterHandler}). One that is there already is
 * written at once. Else the request is held open where its door can ({@link Exchange#suspend}),
 * and the thread that completes the answer writes it and resumes the request; never the request's
 * own thread before it has returned to the door (Grizzly would then end the request twice), so an
 * answer completed on it meanwhile goes to a {@link RequestThreads} thread. A door that cannot
 * hold a request waits for the answer. An answer not there within
 * {@code flashsale.api.held-max-ms} is 503 {@code service-unavailable} with Retry-After.
 */
@ApplicationScoped
class LaterAnswers {

    private static final Logger LOG = Logger.getLogger(LaterAnswers.class.getName());

    static final ProblemException TOO_LATE = ProblemException.retryLater("service-unavailable", "Service unavailable",
            "The answer did not come in time; ask again in a moment");

    @Inject
    RequestThreads threads;

    @Inject
    @ConfigProperty(name = "flashsale.api.held-max-ms")
    long heldMaxMillis;

    <T> void answer(Exchange exchange, LaterHandler<T> handler, Call call, T asked, Admission admission, long started)
            throws IOException {
        CompletableFuture<Answer> pending;
        try {
            pending = handler.answerLater(call, asked);
        } catch (RuntimeException refused) {
            pending = CompletableFuture.failedFuture(refused);
        }
        if (pending.isDone() || !exchange.suspend()) {
            Answer answer = null;
            Throwable failed = null;
            try {
                answer = pending.get(heldMaxMillis, TimeUnit.MILLISECONDS);
            } catch (ExecutionException refused) {
                failed = refused.getCause();
            } catch (TimeoutException late) {
                failed = late;
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                failed = interrupted;
            }
            write(exchange, handler, admission, answer, failed, started);
            return;
        }
        Thread serving = Thread.currentThread();
        pending.orTimeout(heldMaxMillis, TimeUnit.MILLISECONDS).whenComplete((answer, failed) -> {
            Runnable finish = () -> finishHeld(exchange, handler, admission, answer, failed, started);
            if (Thread.currentThread() == serving) {
                threads.execute(finish);
            } else {
                finish.run();
            }
        });
    }

    /** Writes the answer of a request held open, or its refusal, and ends the request, whatever happens. */
    private static void finishHeld(Exchange exchange, Handler<?> handler, Admission admission, Answer answer, Throwable failed,
                                   long started) {
        try {
            write(exchange, handler, admission, answer, failed, started);
        } catch (IOException gone) {
            LOG.log(Level.FINE, "A storefront answer could not be written: the client has gone", gone);
        } catch (RuntimeException | Error unwritten) {
            LOG.log(Level.WARNING, "A storefront answer could not be written; trying a 500 in its place", unwritten);
            try {
                Storefront.refuse(exchange, handler, ProblemAnswer.ofFailure(unwritten), started);
            } catch (IOException | RuntimeException notEither) {
                LOG.log(Level.FINE, "Nor could its 500", notEither);
            }
        } finally {
            try {
                exchange.resume();
            } catch (RuntimeException notResumed) {
                LOG.log(Level.WARNING, "A storefront request held open could not be ended", notResumed);
            }
        }
    }

    private static void write(Exchange exchange, Handler<?> handler, Admission admission, Answer answer, Throwable failed,
                              long started) throws IOException {
        if (failed == null) {
            Storefront.answered(exchange, handler, admission, answer, started);
            return;
        }
        ProblemAnswer problem = problemOf(failed);
        admission.answered(problem.problem().status());
        Storefront.refuse(exchange, handler, problem, started);
    }

    /** A refusal as the handler threw it; an answer too late or waited for in vain as 503; anything else as a failure of ours. */
    static ProblemAnswer problemOf(Throwable failed) {
        Throwable cause = failed instanceof CompletionException && failed.getCause() != null ? failed.getCause() : failed;
        if (cause instanceof ProblemException refused) {
            return ProblemAnswer.of(refused);
        }
        if (cause instanceof TimeoutException || cause instanceof InterruptedException) {
            return ProblemAnswer.of(TOO_LATE);
        }
        return ProblemAnswer.ofFailure(cause);
    }
}
