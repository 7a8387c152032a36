package dev.flashsale.storefront;

import dev.flashsale.access.boundary.StorefrontCallers;
import dev.flashsale.access.entity.StorefrontKey;
import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.platform.pipeline.Admission;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.AnswerWriter;
import dev.flashsale.platform.pipeline.BodyLimit;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Exchange;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.pipeline.LaterHandler;
import dev.flashsale.platform.pipeline.MediaTypes;
import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.web.ClientAddress;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every storefront request, in one order, whichever door took it: match the route, authenticate
 * the API key (not for a public route), apply the key's and the address's limits, then the route's
 * handler reads the request, applies its own limits, asks the room and answers; every answer and
 * problem is written by {@link AnswerWriter}.
 */
@ApplicationScoped
public class Storefront {

    /** A path under the API that no route is on, after its key passed: as the REST framework answers it. */
    static final ProblemException NO_SUCH_RESOURCE = new ProblemException(404, "not-found", "Not Found",
            "There is no such resource");

    @Inject
    StorefrontRoutes routes;

    @Inject
    StorefrontCallers callers;

    @Inject
    StorefrontLimits limits;

    @Inject
    ClientAddress addresses;

    @Inject
    LaterAnswers laterAnswers;

    @Inject
    @ConfigProperty(name = "flashsale.api.max-body-bytes")
    int maxBodyBytes;

    @Inject
    @ConfigProperty(name = "flashsale.api.drain-bytes")
    int drainBytes;

    /**
     * Answers the request, or returns false, having answered nothing, when no route is on its path
     * (its key checked first, so that a path's existence is no one's to probe without one).
     */
    public boolean serve(Exchange exchange) throws IOException {
        long started = System.nanoTime();
        StorefrontRoutes.Match match = routes.match(exchange.method(), exchange.path());
        Handler<?> handler = match.route() == null ? null : match.route().handler();
        try {
            StorefrontKey caller = match.isPublic() ? null : authenticate(exchange);
            if (match.onPath().isEmpty()) {
                return false;
            }
            if (match.route() == null) {
                refuseMethod(exchange, match);
                return true;
            }
            BodyLimit.checkDeclared(exchange, maxBodyBytes, drainBytes);
            if (!MediaTypes.accepts(exchange.headers("Accept"), match.route().produces())) {
                throw MediaTypes.notAcceptable(match.route().produces());
            }
            Call call = new Call(exchange, match.route().names(), match.values(), match.route().ids(match.values()),
                    caller == null ? null : caller.owner(), maxBodyBytes);
            answer(exchange, handler, call, started);
        } catch (ProblemException refused) {
            refuse(exchange, handler, ProblemAnswer.of(refused), started);
        } catch (RuntimeException failed) {
            refuse(exchange, handler, ProblemAnswer.ofFailure(failed), started);
        }
        return true;
    }

    /** Writes a refusal that no route's handler gave (a door's own: a malformed path, no such resource). */
    public static void refuse(Exchange exchange, ProblemException refused) throws IOException {
        refuse(exchange, null, ProblemAnswer.of(refused), 0);
    }

    /** The API key, once it is known and its and the address's limits let the request through. */
    private StorefrontKey authenticate(Exchange exchange) {
        StorefrontKey caller = callers.keyOf(exchange.header(StorefrontCallers.HEADER));
        String address = addresses.of(exchange.peerAddress(), () -> exchange.headers(ClientAddress.FORWARDED_FOR));
        Optional<ProblemException> limited = limits.refusalOfCaller(caller.name(), address);
        if (limited.isPresent()) {
            throw limited.get();
        }
        return caller;
    }

    private <T> void answer(Exchange exchange, Handler<T> handler, Call call, long started) throws IOException {
        T asked = handler.read(call);
        handler.limit(asked);
        Admission admission = handler.admit(call, asked);
        if (handler instanceof LaterHandler<T> later) {
            laterAnswers.answer(exchange, later, call, asked, admission, started);
            return;
        }
        Answer answer;
        try {
            answer = handler.answer(call, asked, admission);
        } catch (RuntimeException refused) {
            admission.answered(refused instanceof ProblemException problem ? problem.status() : 500);
            throw refused;
        }
        answered(exchange, handler, admission, answer, started);
    }

    static void answered(Exchange exchange, Handler<?> handler, Admission admission, Answer answer, long started) throws IOException {
        admission.answered(answer.status());
        AnswerWriter.write(exchange, answer);
        handler.answered(answer.status(), Answer.NO_PROBLEM, System.nanoTime() - started);
    }

    private static void refuseMethod(Exchange exchange, StorefrontRoutes.Match match) throws IOException {
        exchange.header("Allow", match.allowed());
        if ("OPTIONS".equals(exchange.method())) {
            AnswerWriter.write(exchange, Answer.noContent());
            return;
        }
        throw new ProblemException(405, "method-not-allowed", "Method Not Allowed", "This resource does not accept that method");
    }

    static void refuse(Exchange exchange, Handler<?> handler, ProblemAnswer answer, long started) throws IOException {
        if (answer.problem().status() == 401) {
            exchange.header("WWW-Authenticate", StorefrontCallers.CHALLENGE);
        }
        AnswerWriter.write(exchange, answer);
        if (handler != null) {
            handler.answered(answer.problem().status(), AnswerWriter.slug(answer.problem()), System.nanoTime() - started);
        }
    }
}
