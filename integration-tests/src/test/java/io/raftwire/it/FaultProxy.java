package io.raftwire.it;

import io.raftwire.config.HostPort;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A TCP proxy on the loopback address for faults that need real sockets: it forwards both ways until told to
 * {@link #resetAfter reset} a connection after a number of bytes (an RST, {@code SO_LINGER} 0, in the middle of
 * whatever frame those bytes belong to) or to make it {@link #halfOpen half-open} (bytes in one direction are read
 * and discarded; no FIN, no RST, the other direction still flows). Generalises the transport test kit's
 * {@code TcpProxy}, which blackholes both directions or stops reading.
 *
 * <p>Two platform threads per connection, each in a blocking read loop that ends when its socket closes;
 * {@link #close()} closes every socket, so every loop ends.
 */
final class FaultProxy implements AutoCloseable {

    /** Which bytes a fault applies to. */
    enum Direction {
        /** From the connecting side (the node that dialled) to the target. */
        CLIENT_TO_SERVER,
        /** From the target back to the connecting side. */
        SERVER_TO_CLIENT
    }

    private final HostPort target;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger resets = new AtomicInteger();
    private final Set<Direction> halfOpen = ConcurrentHashMap.newKeySet();
    private final Object resetLock = new Object();
    private Direction resetDirection;
    private long resetRemaining = -1;
    private volatile boolean closed;

    /** Starts accepting on 127.0.0.1 at an ephemeral port, forwarding to {@code target}. */
    FaultProxy(HostPort target) throws IOException {
        this.target = target;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        start("fault-proxy-accept", this::acceptLoop);
    }

    /** Where clients connect. */
    HostPort address() {
        return new HostPort("127.0.0.1", server.getLocalPort());
    }

    /** Connections accepted so far. */
    int accepted() {
        return accepted.get();
    }

    /** Connections reset so far. */
    int resets() {
        return resets.get();
    }

    /**
     * The next connection that forwards bytes in {@code direction} forwards {@code bytes} more of them, then both its
     * sockets are reset. One shot: later connections are unaffected.
     */
    void resetAfter(Direction direction, long bytes) {
        synchronized (resetLock) {
            resetDirection = direction;
            resetRemaining = bytes;
        }
    }

    /** From now on, bytes in {@code direction} are read and discarded on every connection; nothing is closed. */
    void halfOpen(Direction direction) {
        halfOpen.add(direction);
    }

    /** Forwards both ways again and disarms a pending reset. */
    void heal() {
        halfOpen.clear();
        synchronized (resetLock) {
            resetRemaining = -1;
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(target.host(), target.port());
                int index = accepted.getAndIncrement();
                sockets.add(client);
                sockets.add(upstream);
                start("fault-proxy-up-" + index, () -> pump(client, upstream, Direction.CLIENT_TO_SERVER));
                start("fault-proxy-down-" + index, () -> pump(upstream, client, Direction.SERVER_TO_CLIENT));
            } catch (IOException e) {
                // a refused upstream drops that client (its socket closes below); a closed server ends the loop
            }
        }
    }

    private void pump(Socket from, Socket to, Direction direction) {
        byte[] buffer = new byte[8192];
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            while (!closed) {
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                if (halfOpen.contains(direction)) {
                    continue;
                }
                int forward = n;
                boolean reset = false;
                synchronized (resetLock) {
                    if (resetRemaining >= 0 && resetDirection == direction) {
                        forward = (int) Math.min(n, resetRemaining);
                        resetRemaining -= forward;
                        reset = resetRemaining == 0;
                        if (reset) {
                            resetRemaining = -1;
                        }
                    }
                }
                out.write(buffer, 0, forward);
                if (reset) {
                    out.flush();
                    resets.incrementAndGet();
                    abort(from);
                    abort(to);
                    return;
                }
            }
        } catch (IOException e) {
            // the connection is gone (closed or reset by a side, or by close())
        }
        closeQuietly(from);
        closeQuietly(to);
    }

    /** Closes with an RST instead of a FIN. */
    private static void abort(Socket s) {
        try {
            s.setSoLinger(true, 0);
        } catch (IOException e) {
            // already closed
        }
        closeQuietly(s);
    }

    private static void start(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        closed = true;
        closeQuietly(server);
        sockets.forEach(FaultProxy::closeQuietly);
    }
}
