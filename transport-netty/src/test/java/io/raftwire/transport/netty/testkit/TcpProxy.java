package io.raftwire.transport.netty.testkit;

import io.raftwire.config.HostPort;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on 127.0.0.1 with an ephemeral port, for fault injection without root: it forwards bytes both ways
 * until told to {@link #blackhole()} them (the connections stay open but nothing gets through: a half-open path, no
 * FIN, no RST) or to {@link #stopReading()} from the connecting side (its TCP window fills up: a peer that stops
 * reading). Two platform threads per connection; {@link #close()} stops everything.
 */
public final class TcpProxy implements AutoCloseable {

    private enum Mode { FORWARD, BLACKHOLE, STOP_READING }

    private final HostPort target;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicLong forwardedFromClients = new AtomicLong();
    private final AtomicLong forwardedToClients = new AtomicLong();
    private final Object lock = new Object();
    private final java.util.Map<Integer, Mode> connectionModes = new java.util.concurrent.ConcurrentHashMap<>();
    private volatile Mode mode = Mode.FORWARD;
    private volatile boolean closed;

    /**
     * Starts accepting.
     *
     * @param target where to forward to
     * @param receiveBufferBytes receive buffer of the accepted sockets (small values fill up sooner), or 0 for the
     *                           system default
     */
    public TcpProxy(HostPort target, int receiveBufferBytes) throws IOException {
        this.target = target;
        this.server = new ServerSocket();
        if (receiveBufferBytes > 0) {
            server.setReceiveBufferSize(receiveBufferBytes);
        }
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        start("proxy-accept", this::acceptLoop);
    }

    /** Where clients connect. */
    public HostPort address() {
        return new HostPort("127.0.0.1", server.getLocalPort());
    }

    /** Connections accepted so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Bytes forwarded so far from the connecting sides to the target, over all connections. */
    public long forwardedFromClients() {
        return forwardedFromClients.get();
    }

    /** Bytes forwarded so far from the target back to the connecting sides, over all connections. */
    public long forwardedToClients() {
        return forwardedToClients.get();
    }

    /**
     * From now on, bytes in both directions are read and dropped; connections stay open, and a side that closes is
     * not told to the other (no FIN gets through a blackhole either), so each side must notice the silence itself.
     */
    public void blackhole() {
        setMode(Mode.BLACKHOLE);
    }

    /** From now on, nothing more is read from the connecting side; the other direction still flows. */
    public void stopReading() {
        setMode(Mode.STOP_READING);
    }

    /**
     * From now on, nothing more is read from the connecting side of one connection; the others are unaffected.
     *
     * @param index the connection, in order of acceptance from 0
     */
    public void stopReading(int index) {
        synchronized (lock) {
            connectionModes.put(index, Mode.STOP_READING);
            lock.notifyAll();
        }
    }

    private void setMode(Mode m) {
        synchronized (lock) {
            mode = m;
            lock.notifyAll();
        }
    }

    private Mode modeOf(int index) {
        Mode m = mode;
        return m == Mode.FORWARD ? connectionModes.getOrDefault(index, Mode.FORWARD) : m;
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                int index = accepted.getAndIncrement();
                Socket upstream = new Socket(target.host(), target.port());
                sockets.add(client);
                sockets.add(upstream);
                // the streams are taken here, before either pump runs: a pump that asked for its output stream after
                // the other pump had closed that socket would fail and close its own side, passing a close through
                // a blackhole
                InputStream clientIn = client.getInputStream();
                OutputStream clientOut = client.getOutputStream();
                InputStream upstreamIn = upstream.getInputStream();
                OutputStream upstreamOut = upstream.getOutputStream();
                start("proxy-up-" + index, () -> pump(client, clientIn, upstream, upstreamOut, true, index));
                start("proxy-down-" + index, () -> pump(upstream, upstreamIn, client, clientOut, false, index));
            } catch (IOException e) {
                if (!closed) {
                    continue;
                }
                return;
            }
        }
    }

    private void pump(Socket from, InputStream in, Socket to, OutputStream out, boolean fromClient, int index) {
        byte[] buffer = new byte[8192];
        // closing a socket's output stream closes the socket, which would pass a FIN through a blackhole: only the
        // reading side is closed for sure, whether to close the other side is decided in finally
        try {
            while (!closed) {
                if (fromClient) {
                    awaitReadable(index);
                }
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                Mode m = modeOf(index);
                if (m == Mode.FORWARD || m == Mode.STOP_READING && !fromClient) {
                    out.write(buffer, 0, n);
                    (fromClient ? forwardedFromClients : forwardedToClients).addAndGet(n);
                }
            }
        } catch (IOException | InterruptedException e) {
            // connection gone or proxy closed
        } finally {
            closeQuietly(from);
            if (modeOf(index) != Mode.BLACKHOLE) {
                closeQuietly(to);
            } // a blackhole passes no FIN either: the other side stays open until it gives up itself, or close()
        }
    }

    private void awaitReadable(int index) throws InterruptedException {
        synchronized (lock) {
            while (modeOf(index) == Mode.STOP_READING && !closed) {
                lock.wait();
            }
        }
    }

    private void start(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        threads.add(t);
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
        setMode(Mode.BLACKHOLE);
        closeQuietly(server);
        sockets.forEach(TcpProxy::closeQuietly);
        for (Thread t : threads) {
            t.interrupt();
        }
    }
}
