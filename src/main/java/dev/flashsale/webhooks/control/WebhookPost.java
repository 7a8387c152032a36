package dev.flashsale.webhooks.control;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * One webhook request, HTTP/1.1 over a socket connected to the address {@link WebhookTargets}
 * judged, not to whatever the host name resolves to by the time a client library looks it up.
 * For https the TLS session still names the host (SNI) and checks the certificate against it.
 * Only the status line is read: a redirect is an answer like any other (never followed), and the
 * receiver's body is never read. Every failure is one of a few stable texts ({@link Failed}), so
 * that what the deliveries list shows cannot tell a closed port from a filtered one.
 */
public final class WebhookPost {

    /** The longest status line read. */
    private static final int STATUS_LINE_MAX = 1024;

    /** Why an attempt got no HTTP status, in words that give nothing of the socket away. */
    public static final class Failed extends Exception {
        public static final String INTERNAL = "refused: internal address";
        public static final String UNKNOWN_HOST = "unknown host";
        public static final String NO_CONNECTION = "could not connect";
        public static final String TLS = "TLS handshake failed";
        public static final String NO_ANSWER = "no valid answer in time";
        public static final String BAD_URL = "request not made: unusable URL";

        public Failed(String text) {
            super(text, null, false, false);
        }
    }

    private WebhookPost() {
    }

    /** @return the receiver's HTTP status */
    public static int send(URI url, InetAddress address, Map<String, String> headers, byte[] body,
                           int connectTimeoutMillis, long requestTimeoutMillis) throws Failed {
        boolean https = url.getScheme().toLowerCase(Locale.ROOT).equals("https");
        int port = url.getPort() != -1 ? url.getPort() : https ? 443 : 80;
        long deadline = System.nanoTime() + requestTimeoutMillis * 1_000_000;
        Socket socket = new Socket();
        try (socket) {
            try {
                socket.connect(new InetSocketAddress(address, port), connectTimeoutMillis);
            } catch (IOException notConnected) {
                throw new Failed(Failed.NO_CONNECTION);
            }
            Socket channel = https ? tls(socket, url.getHost(), port, remaining(deadline)) : socket;
            channel.setSoTimeout(remaining(deadline));
            OutputStream out = channel.getOutputStream();
            out.write(head(url, port, https, headers, body.length).getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            return status(new BufferedInputStream(channel.getInputStream()), deadline);
        } catch (IOException broken) {
            throw new Failed(Failed.NO_ANSWER);
        }
    }

    private static Socket tls(Socket socket, String host, int port, int timeoutMillis) throws Failed {
        try {
            socket.setSoTimeout(timeoutMillis);
            SSLSocket tls = (SSLSocket) SSLContext.getDefault().getSocketFactory().createSocket(socket, host, port, true);
            SSLParameters parameters = tls.getSSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            if (!host.startsWith("[") && !host.chars().allMatch(c -> c == '.' || Character.isDigit(c))) {
                parameters.setServerNames(List.of(new SNIHostName(host)));
            }
            tls.setSSLParameters(parameters);
            tls.startHandshake();
            return tls;
        } catch (SocketTimeoutException slow) {
            throw new Failed(Failed.NO_ANSWER);
        } catch (SSLException | NoSuchAlgorithmException | IllegalArgumentException refused) {
            throw new Failed(Failed.TLS);
        } catch (IOException broken) {
            throw new Failed(Failed.NO_ANSWER);
        }
    }

    private static String head(URI url, int port, boolean https, Map<String, String> headers, int length) {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        String target = url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
        boolean defaultPort = port == (https ? 443 : 80);
        StringBuilder head = new StringBuilder("POST ").append(target).append(" HTTP/1.1\r\n")
                .append("Host: ").append(url.getHost()).append(defaultPort ? "" : ":" + port).append("\r\n");
        headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
        return head.append("Content-Length: ").append(length).append("\r\nConnection: close\r\n\r\n").toString();
    }

    /** Reads {@code HTTP/1.x NNN ...} up to its line end, within the request's deadline. */
    private static int status(InputStream in, long deadline) throws IOException, Failed {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0 || line.length() >= STATUS_LINE_MAX || System.nanoTime() > deadline) {
                throw new Failed(Failed.NO_ANSWER);
            }
            line.append((char) c);
        }
        String[] parts = line.toString().strip().split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/1.") || !parts[1].matches("[1-5][0-9][0-9]")) {
            throw new Failed(Failed.NO_ANSWER);
        }
        return Integer.parseInt(parts[1]);
    }

    private static int remaining(long deadline) throws Failed {
        long millis = (deadline - System.nanoTime()) / 1_000_000;
        if (millis <= 0) {
            throw new Failed(Failed.NO_ANSWER);
        }
        return (int) Math.min(Integer.MAX_VALUE, millis);
    }
}
