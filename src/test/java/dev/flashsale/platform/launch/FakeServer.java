package dev.flashsale.platform.launch;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Stands in for the uber-jar when the launch script is tested: it writes its process id to the
 * file {@code FAKE_SERVER_STARTS} names, then does what {@code FAKE_SERVER} says: {@code silent}
 * lives on without listening (a Payara Micro whose HTTP listener was not bound), {@code serve}
 * answers HTTP on the {@code --port} it is given (200 to {@code /api/ping}, as the application),
 * {@code empty} answers 404 to everything there (a server without the application), {@code fail}
 * exits with code 3 at once.
 */
public final class FakeServer {

    private FakeServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Files.writeString(Path.of(System.getenv("FAKE_SERVER_STARTS")), ProcessHandle.current().pid() + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        switch (System.getenv("FAKE_SERVER")) {
            case "fail" -> System.exit(3);
            case "serve", "empty" -> {
                boolean application = "serve".equals(System.getenv("FAKE_SERVER"));
                int port = Integer.parseInt(args[List.of(args).indexOf("--port") + 1]);
                HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 16);
                http.createContext("/", exchange -> {
                    boolean ping = application && "/api/ping".equals(exchange.getRequestURI().getPath());
                    byte[] body = ping ? "pong".getBytes(StandardCharsets.US_ASCII) : new byte[0];
                    exchange.sendResponseHeaders(ping ? 200 : 404, ping ? body.length : -1);
                    exchange.getResponseBody().write(body);
                    exchange.close();
                });
                http.start();
            }
            default -> {
                // silent: alive, never listening
            }
        }
        Thread.sleep(Long.MAX_VALUE);
    }
}
