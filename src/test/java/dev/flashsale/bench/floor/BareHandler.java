package dev.flashsale.bench.floor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * The least a Grizzly handler beside the servlet container can do: four bytes, no headers of its
 * own. Deployed in the floor's WAR at {@code /bare} (bench/floor/META-INF/grizzly-glassfish.xml),
 * it is the ceiling of the storefront's own door, as the floor's static file is the servlet
 * container's.
 */
public class BareHandler extends HttpHandler {

    private static final byte[] PONG = "pong".getBytes(StandardCharsets.US_ASCII);

    @Override
    public void service(Request request, Response response) throws IOException {
        response.setContentType("text/plain");
        response.setContentLength(PONG.length);
        response.getOutputStream().write(PONG);
    }
}
