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
public final class FaultProxy implements AutoCloseable {

    /** Which bytes a fault applies to. */
    public enum Direction {
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
    private final Set<Direction> stalled = ConcurrentHashMap.newKeySet();
    private final Object stallLock = new Object();
    private final Object resetLock = new Object();
    private Direction resetDirection;
    private long resetRemaining = -1;
    private volatile boolean closed;

    /** Starts accepting on 127.0.0.1 at an ephemeral port, forwarding to {@code target}. */
    public FaultProxy(HostPort target) throws IOException {
        this.target = target;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        start("fault-proxy-accept", this::acceptLoop);
    }

    /** Where clients connect. */
    public HostPort address() {
        return new HostPort("127.0.0.1", server.getLocalPort());
    }

    /** Connections accepted so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Connections reset so far. */
    public int resets() {
        return resets.get();
    }

    /**
     * The next connection that forwards bytes in {@code direction} forwards {@code bytes} more of them, then both its
     * sockets are reset. One shot: later connections are unaffected.
     */
    public void resetAfter(Direction direction, long bytes) {
        synchronized (resetLock) {
            resetDirection = direction;
            resetRemaining = bytes;
        }
    }

    /** From now on, bytes in {@code direction} are read and discarded on every connection; nothing is closed. */
    public void halfOpen(Direction direction) {
        halfOpen.add(direction);
    }

    /**
     * From now on, nothing more is read in {@code direction} on any connection, as a peer that stops reading its
     * socket: the sender's kernel buffers fill and its writes back up. Nothing is closed; {@link #heal()} resumes.
     */
    public void stopReading(Direction direction) {
        stalled.add(direction);
    }

    /** Forwards both ways again (reading resumes) and disarms a pending reset. */
    public void heal() {
        halfOpen.clear();
        synchronized (stallLock) {
            stalled.clear();
            stallLock.notifyAll();
        }
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
                awaitReading(direction);
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

    private void awaitReading(Direction direction) {
        synchronized (stallLock) {
            while (stalled.contains(direction) && !closed) {
                try {
                    stallLock.wait(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
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
        synchronized (stallLock) {
            stallLock.notifyAll();
        }
        closeQuietly(server);
        sockets.forEach(FaultProxy::closeQuietly);
    }
}
