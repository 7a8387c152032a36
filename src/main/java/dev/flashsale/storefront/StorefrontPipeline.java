package dev.flashsale.storefront;

import dev.flashsale.access.boundary.StorefrontCallers;
import dev.flashsale.access.entity.StorefrontKey;
import dev.flashsale.limits.boundary.StorefrontLimits;
import dev.flashsale.platform.pipeline.Admission;
import dev.flashsale.platform.pipeline.Answer;
import dev.flashsale.platform.pipeline.AnswerWriter;
import dev.flashsale.platform.pipeline.BodyLimit;
import dev.flashsale.platform.pipeline.Call;
import dev.flashsale.platform.pipeline.Handler;
import dev.flashsale.platform.pipeline.MediaTypes;
import dev.flashsale.platform.problem.ProblemAnswer;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.security.Access;
import dev.flashsale.platform.web.ApiPaths;
import dev.flashsale.platform.web.ClientAddress;
import dev.flashsale.platform.web.SecurityHeaders;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Collections;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Every storefront request, in one order: match the route, authenticate the API key (not for a
 * public route), apply the key's and the address's limits, then the route's handler reads the
 * request, applies its own limits, asks the room and answers; every answer and problem is written
 * by {@link AnswerWriter}. The admin API is the REST framework's (Jakarta Security has checked its
 * callers before). A path under {@code /api} that no storefront route answers needs a key too and
 * goes on to the REST framework, which answers 404 for it.
 */
// Who may call is each route's to declare (@Access on its handler); the admin API's is the container's.
@Access(Access.PUBLIC)
@WebFilter(urlPatterns = "/api/*", asyncSupported = true)
public class StorefrontPipeline extends HttpFilter {

    @Inject
    StorefrontRoutes routes;

    @Inject
    StorefrontCallers callers;

    @Inject
    StorefrontLimits limits;

    @Inject
    ClientAddress addresses;

    @Inject
    @ConfigProperty(name = "flashsale.api.max-body-bytes")
    int maxBodyBytes;

    @Inject
    @ConfigProperty(name = "flashsale.api.drain-bytes")
    int drainBytes;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (ApiPaths.isAdmin(path)) {
            chain.doFilter(request, response);
            return;
        }
        long started = System.nanoTime();
        StorefrontRoutes.Match match = routes.match(request.getMethod(), path);
        Handler<?> handler = match.route() == null ? null : match.route().handler();
        try {
            StorefrontKey caller = match.isPublic() ? null : authenticate(request);
            if (match.onPath().isEmpty()) {
                chain.doFilter(request, response);
                return;
            }
            if (match.route() == null) {
                refuseMethod(request, response, match);
                return;
            }
            BodyLimit.checkDeclared(request, maxBodyBytes, drainBytes);
            if (!MediaTypes.accepts(Collections.list(request.getHeaders("Accept")), match.route().produces())) {
                throw MediaTypes.notAcceptable(match.route().produces());
            }
            Call call = new Call(request, match.route().names(), match.values(), caller == null ? null : caller.owner(),
                    maxBodyBytes);
            answer(request, response, handler, call, started);
        } catch (ProblemException refused) {
            refuse(request, response, handler, ProblemAnswer.of(refused), started);
        } catch (RuntimeException failed) {
            refuse(request, response, handler, ProblemAnswer.ofFailure(failed), started);
        }
    }

    /** The API key, once it is known and its and the address's limits let the request through. */
    private StorefrontKey authenticate(HttpServletRequest request) {
        StorefrontKey caller = callers.keyOf(request.getHeader(StorefrontCallers.HEADER));
        Optional<ProblemException> limited = limits.refusalOfCaller(caller.name(), addresses.of(request));
        if (limited.isPresent()) {
            throw limited.get();
        }
        return caller;
    }

    private static <T> void answer(HttpServletRequest request, HttpServletResponse response, Handler<T> handler, Call call,
                                   long started) throws IOException {
        T asked = handler.read(call);
        handler.limit(asked);
        Admission admission = handler.admit(call, asked);
        Answer answer;
        try {
            answer = handler.answer(call, asked, admission);
        } catch (RuntimeException refused) {
            admission.answered(refused instanceof ProblemException problem ? problem.status() : 500);
            throw refused;
        }
        admission.answered(answer.status());
        AnswerWriter.write(request, response, answer);
        handler.answered(answer.status(), Answer.NO_PROBLEM, System.nanoTime() - started);
    }

    private static void refuseMethod(HttpServletRequest request, HttpServletResponse response, StorefrontRoutes.Match match)
            throws IOException {
        response.setHeader("Allow", match.allowed());
        if ("OPTIONS".equals(request.getMethod())) {
            SecurityHeaders.applyToApi(response);
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        throw new ProblemException(405, "method-not-allowed", "Method Not Allowed", "This resource does not accept that method");
    }

    private static void refuse(HttpServletRequest request, HttpServletResponse response, Handler<?> handler, ProblemAnswer answer,
                               long started) throws IOException {
        if (answer.problem().status() == 401) {
            response.setHeader("WWW-Authenticate", StorefrontCallers.CHALLENGE);
        }
        AnswerWriter.write(request, response, answer);
        if (handler != null) {
            handler.answered(answer.problem().status(), AnswerWriter.slug(answer.problem()), System.nanoTime() - started);
        }
    }
}
