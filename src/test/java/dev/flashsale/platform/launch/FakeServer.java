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
 * answers HTTP on the {@code --port} it is given, {@code fail} exits with code 3 at once.
 */
public final class FakeServer {

    private FakeServer() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        Files.writeString(Path.of(System.getenv("FAKE_SERVER_STARTS")), ProcessHandle.current().pid() + "\n",
                StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        switch (System.getenv("FAKE_SERVER")) {
            case "fail" -> System.exit(3);
            case "serve" -> {
                int port = Integer.parseInt(args[List.of(args).indexOf("--port") + 1]);
                HttpServer http = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 16);
                http.createContext("/", exchange -> {
                    exchange.sendResponseHeaders(404, -1);
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
