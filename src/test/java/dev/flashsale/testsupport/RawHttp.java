package dev.flashsale.testsupport;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One kept-alive HTTP/1.1 connection that sends simple requests and reads only the
 * status of each answer: a client that costs next to nothing, for tests whose load must not be
 * paid for by the test's own CPU (the JDK's HttpClient costs about as much as the server's answer).
 */
public final class RawHttp implements AutoCloseable {

    private final URL base;
    /** The socket's receive buffer; 0: the kernel's, which it grows as the answers come. */
    private final int receiveBuffer;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    public RawHttp(URL base) {
        this(base, 0);
    }

    private RawHttp(URL base, int receiveBuffer) {
        this.base = base;
        this.receiveBuffer = receiveBuffer;
    }

    /**
     * A client that stops reading and holds the server up: its receive buffer fixed at 16 KB, so
     * that the kernel does not grow it (on Linux up to {@code tcp_rmem}'s largest, 32 MB on this
     * project's machines) to take a large answer whole while the client reads nothing.
     */
    public static RawHttp stalled(URL base) {
        return new RawHttp(base, 16 * 1024);
    }

    /** @return the answer's status; the connection is opened again when the server closed it */
    public int get(String path, String... headers) {
        return send("GET", path, null, headers);
    }

    /** A POST of a JSON body; @return the answer's status */
    public int post(String path, String json, String... headers) {
        return send("POST", path, json, headers);
    }

    /**
     * Writes a request without waiting for its answer (HTTP/1.1 pipelining): a client that
     * offers load at its own pace; {@link #readStatus()} reads the answers in order.
     */
    public void write(String path, String... headers) {
        try {
            if (socket == null) {
                open();
            }
            out.write(request("GET", path, null, headers));
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        }
    }

    /** The status of the next answer to a request written with {@link #write}. */
    public int readStatus() {
        try {
            out.flush();
            return readAnswer();
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The status of the next answer, read from its first line alone: the rest stays unread, so a
     * client that stops reading here keeps a streaming answer stalled at the server.
     */
    public int readStatusLine() {
        try {
            out.flush();
            return Integer.parseInt(line().split(" ", 3)[1]);
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        }
    }

    private int send(String method, String path, String json, String... headers) {
        byte[] bytes = request(method, path, json, headers);
        try {
            if (socket == null) {
                open();
            }
            out.write(bytes);
            out.flush();
            return readAnswer();
        } catch (IOException e) {
            close();
            throw new UncheckedIOException(e);
        }
    }

    private byte[] request(String method, String path, String json, String... headers) {
        StringBuilder request = new StringBuilder(method).append(' ').append(base.getPath()).append(path)
                .append(" HTTP/1.1\r\nHost: ").append(base.getHost()).append(':').append(base.getPort()).append("\r\n");
        for (int i = 0; i < headers.length; i += 2) {
            request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
        }
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        if (json != null) {
            request.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
        }
        byte[] head = request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] bytes = new byte[head.length + body.length];
        System.arraycopy(head, 0, bytes, 0, head.length);
        System.arraycopy(body, 0, bytes, head.length, body.length);
        return bytes;
    }

    private void open() throws IOException {
        socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress(base.getHost(), base.getPort()));
        socket.setSoTimeout(30_000);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    private int readAnswer() throws IOException {
        String statusLine = line();
        int status = Integer.parseInt(statusLine.split(" ", 3)[1]);
        long length = -1;
        boolean chunked = false;
        boolean closes = false;
        for (String header = line(); !header.isEmpty(); header = line()) {
            String lower = header.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-length:")) {
                length = Long.parseLong(header.substring(15).strip());
            } else if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
                chunked = true;
            } else if (lower.startsWith("connection:") && lower.contains("close")) {
                closes = true;
            }
        }
        if (chunked) {
            for (long size = Long.parseLong(line().strip(), 16); size > 0; size = Long.parseLong(line().strip(), 16)) {
                skip(size);
                line();
            }
            line();
        } else if (length > 0) {
            skip(length);
        }
        if (closes) {
            close();
        }
        return status;
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                throw new IOException("The server closed the connection mid-answer");
            }
            if (b != '\r') {
                line.write(b);
            }
        }
        return line.toString(StandardCharsets.ISO_8859_1);
    }

    private void skip(long bytes) throws IOException {
        for (long left = bytes; left > 0; ) {
            long skipped = in.skip(left);
            if (skipped <= 0) {
                if (in.read() < 0) {
                    throw new IOException("The server closed the connection mid-body");
                }
                skipped = 1;
            }
            left -= skipped;
        }
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // Closing a connection that is going away anyway.
            }
            socket = null;
        }
    }
}
