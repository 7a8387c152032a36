package dev.flashsale.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Logger;

/**
 * A TCP proxy between the application and PostgreSQL or Redis, for the fault scenarios (tc netem
 * and toxiproxy are not available here): it passes bytes through, or delays every chunk it
 * passes by a latency, or freezes (holds every byte, answers nothing, keeps the connections open:
 * a network partition as a client sees it), or cuts every connection at once. Two threads per
 * connection; the tests' connection counts are small.
 */
public final class FaultProxy implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(FaultProxy.class.getName());

    private final ServerSocket listener;
    private final InetSocketAddress target;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile long latencyMillis;
    private volatile boolean frozen;
    private volatile boolean refusing;
    private volatile boolean closed;

    private FaultProxy(InetSocketAddress target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "fault-proxy-" + target.getPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** A proxy on a free port of 127.0.0.1 to {@code host:port}, passing everything through. */
    public static FaultProxy to(String host, int port) {
        try {
            return new FaultProxy(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot start a proxy to " + host + ":" + port, e);
        }
    }

    public int port() {
        return listener.getLocalPort();
    }

    /** Every chunk waits this long before it is passed on (0: none). */
    public void latency(long millis) {
        latencyMillis = millis;
    }

    /** Holds every byte (both ways) until {@link #thaw()}: connections stay open, nothing answers. */
    public void freeze() {
        frozen = true;
    }

    public void thaw() {
        frozen = false;
    }

    /** Cuts every open connection, as a crash of the server or of the network would. */
    public void cutAll() {
        open.forEach(FaultProxy::closeQuietly);
        open.clear();
    }

    /**
     * The server gone away: every open connection cut, and each new one closed at once, until
     * {@link #accept(boolean) accept(true)}. Unlike {@link #close()}, the proxy can come back.
     */
    public void accept(boolean connections) {
        refusing = !connections;
        if (refusing) {
            cutAll();
        }
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(listener);
        cutAll();
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                if (refusing) {
                    closeQuietly(client);
                    continue;
                }
                Socket server = new Socket();
                try {
                    server.connect(target, 2000);
                } catch (IOException refused) {
                    closeQuietly(client);
                    continue;
                }
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                open.add(client);
                open.add(server);
                pipe(client, server, "up");
                pipe(server, client, "down");
            } catch (IOException e) {
                if (!closed) {
                    LOG.warning(() -> "Proxy to " + target + " stopped accepting: " + e);
                }
                return;
            }
        }
    }

    private void pipe(Socket from, Socket to, String way) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
                    hold();
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (SocketException cut) {
                // One side closed, or the proxy cut the connection.
            } catch (IOException e) {
                LOG.fine(() -> "Proxy pipe " + way + " ended: " + e);
            } finally {
                closeQuietly(from);
                closeQuietly(to);
                open.remove(from);
                open.remove(to);
            }
        }, "fault-proxy-" + way);
        thread.setDaemon(true);
        thread.start();
    }

    private void hold() {
        long latency = latencyMillis;
        if (latency > 0) {
            Pause.millis(latency);
        }
        while (frozen && !closed) {
            Pause.millis(5);
        }
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception alreadyClosed) {
            // Nothing is left to release.
        }
    }
}
