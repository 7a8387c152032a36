package dev.flashsale.storefront;

import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.platform.web.WebModuleServing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * The storefront's own door: a Grizzly handler that Payara registers from the WAR's
 * {@code META-INF/grizzly-glassfish.xml} at the storefront's roots ({@code /api/ping},
 * {@code /api/reservations}, {@code /api/skus}, {@code /api/sales}), where it takes their requests
 * before the servlet container would: no request listeners, no container security, no CDI request
 * context, none of which a storefront request uses. It hands each one to the {@link Storefront},
 * as the servlet container's door ({@link StorefrontPipeline}) does for the rest of {@code /api}.
 *
 * <p>The container makes it with its no-argument constructor, outside CDI, once for each root:
 * {@link StorefrontDoorOpening} hands all of them the storefront once the web module
 * has started, and until then, and until the servlet container maps the application's paths
 * (the door asks it for the home page), the door answers 503 with Retry-After. Each request runs with the
 * thread's context class loader set to the application's, in a copy of the web module's
 * component invocation ({@link ContainerInvocations}). A request whose answer comes later (a
 * room's ticket or poll waiting for its Redis call, {@link dev.flashsale.platform.pipeline.LaterHandler})
 * is held open ({@link GrizzlyExchange#suspend}), its thread goes on to other requests, and the
 * thread that completes the answer writes it and resumes the request. The path is its own to check
 * ({@link StorefrontPaths}), as no container normalised it: a path
 * parameter ({@code ;}), an encoded slash or backslash, or a {@code .}, {@code ..} or empty
 * segment is refused with 400, as under the servlet door.
 */
public class StorefrontDoor extends HttpHandler {

    private static final ProblemException NOT_STARTED = ProblemException.retryLater("service-unavailable", "Service unavailable",
            "The application is starting; try again in a moment");
    private static final ProblemException MALFORMED_PATH = ProblemException.badRequest("malformed-request",
            "Paths under /api take no parameters (';'), encoded slashes, or '.', '..' or empty segments");

    /** The storefront while the door is open (the same for the handlers of every root), else null. */
    private static volatile Opened opened;

    private record Opened(Storefront storefront, ContainerInvocations invocations) {
    }

    private static final AtomicBoolean PROBING = new AtomicBoolean();
    private static final int PROBE_TIMEOUT_MILLIS = 2_000;

    private static final ClassLoader APPLICATION = StorefrontDoor.class.getClassLoader();

    static void open(Storefront storefront, ContainerInvocations invocations) {
        opened = new Opened(storefront, invocations);
    }

    static void close() {
        opened = null;
    }

    @Override
    public void service(Request request, Response response) throws Exception {
        inApplication(() -> {
            String path = StorefrontPaths.pathOf(request);
            GrizzlyExchange exchange = new GrizzlyExchange(request, response, path == null ? request.getRequestURI() : path);
            Opened open = opened;
            if (path == null) {
                Storefront.refuse(exchange, MALFORMED_PATH);
            } else if (open == null || !WebModuleServing.isServing() && !webModuleAnswers(request)) {
                Storefront.refuse(exchange, NOT_STARTED);
            } else {
                inRequest(open.invocations(), () -> {
                    if (!open.storefront().serve(exchange)) {
                        Storefront.refuse(exchange, Storefront.NO_SUCH_RESOURCE);
                    }
                });
            }
        });
    }

    /** {@code task} as the door runs a request, for another thread to run: see {@link #inRequest}. */
    static Runnable asRequest(ContainerInvocations invocations, Runnable task) {
        return () -> {
            try {
                inApplication(() -> inRequest(invocations, task::run));
            } catch (IOException notThrown) {
                throw new UncheckedIOException(notThrown);
            }
        };
    }

    /** Work that may write an answer. */
    @FunctionalInterface
    private interface Work {
        void run() throws IOException;
    }

    /** Runs {@code work} as a storefront request runs: in a copy of the web module's invocation, with Weld's request cache. */
    private static void inRequest(ContainerInvocations invocations, Work work) throws IOException {
        Object invocation = invocations.begin();
        try {
            WeldRequestCache.begin();
            work.run();
        } finally {
            WeldRequestCache.end();
            invocations.end(invocation);
        }
    }

    /** Runs {@code work} with the thread's context class loader set to the application's. */
    private static void inApplication(Work work) throws IOException {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(APPLICATION);
        try {
            work.run();
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    /**
     * Asks the servlet container for this application's home page on the address and port the
     * request came in by, once at a time: once it answers, the whole application is up. Payara
     * opens this door while it starts the web module, a moment before it maps the module's paths;
     * a ping answered in that moment would tell a load balancer or the launch script that a node
     * is up whose admin API and console still answer 404.
     */
    private static boolean webModuleAnswers(Request request) {
        if (!PROBING.compareAndSet(false, true)) {
            return false;
        }
        try {
            URI home = new URI("http", null, request.getLocalAddr(), request.getLocalPort(), "/", null, null);
            HttpURLConnection connection = (HttpURLConnection) home.toURL().openConnection();
            connection.setInstanceFollowRedirects(false);
            connection.setConnectTimeout(PROBE_TIMEOUT_MILLIS);
            connection.setReadTimeout(PROBE_TIMEOUT_MILLIS);
            connection.getResponseCode();
            connection.disconnect();
        } catch (IOException | URISyntaxException notYet) {
            // Not up yet: the request is answered 503, and the next one asks again.
        } finally {
            PROBING.set(false);
        }
        return WebModuleServing.isServing();
    }
}
