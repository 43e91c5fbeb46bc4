package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.Handshake;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One outbound connection slot to a peer, with its reconnect policy:
 *
 * <pre>
 *  IDLE --send or start--&gt; CONNECTING --handshake ok--&gt; CONNECTED --channel closed--&gt; BACKOFF or IDLE
 *                             |                                                        ^
 *                             +--connect/handshake failed----------------------------- BACKOFF --delay--&gt; CONNECTING
 * </pre>
 *
 * A kept-connected lane (urgent) retries by itself after {@link Backoff} delays; the bulk lane only reconnects when a
 * frame needs it and the backoff delay has passed. The failure count behind the delay is reset only by a connection
 * that stayed up for {@code reconnect-max-backoff-ms}: one that the peer drops sooner after the handshake counts as
 * another failure, so a peer that accepts and then drops every connection is not redialled at the initial delay
 * forever. While CONNECTING, frames wait in a queue bounded by
 * {@code max-pending-requests}; in BACKOFF, sends fail at once with {@link Reason#UNREACHABLE} and the last failure.
 *
 * <p><b>Logs of failed attempts.</b> A peer that is not listening yet is normal while a cluster starts (members come
 * up one by one), so a lane that cannot connect logs its first failed attempt at INFO and the next ones at DEBUG; only
 * when it has failed {@value #WARN_AFTER_FAILURES} attempts in a row (about 2 s with the default backoff, 50 ms
 * growing by 1.6 to 2 s) does it log a WARN saying so. A peer that answers and refuses (handshake refused, protocol
 * error) is a configuration problem, not a matter of time, and is logged at WARN on the first attempt. Either way a
 * message is logged at WARN once; the same message again is logged at DEBUG until the lane connects.
 *
 * <p>Thread-safe: the connected fast path reads one volatile field; state changes hold the lane's lock and never
 * block (channel operations are asynchronous).
 */
final class Lane {

    private static final Logger LOG = LoggerFactory.getLogger(Lane.class);

    /** Failed connection attempts in a row after which an unreachable peer is logged at WARN (see the class doc). */
    static final int WARN_AFTER_FAILURES = 8;

    /** Opens channels and schedules retries; implemented by the transport. */
    interface Connector {
        /** Connects a channel whose pipeline will complete {@code handshake}; sets {@code connection.channel}. */
        ChannelFuture connect(Connection connection, CompletableFuture<Handshake> handshake);

        /** Runs {@code task} on an event loop after {@code delayMs}. */
        Future<?> schedule(Runnable task, long delayMs);
    }

    private enum State { IDLE, CONNECTING, CONNECTED, BACKOFF, CLOSED }

    private record Queued(ByteBuf frame, PendingRequest<?> request, CompletableFuture<Void> written) {
    }

    private final PeerLink link;
    private final Handshake.Lane kind;
    private final boolean keepConnected;
    private final Connector connector;
    private final Backoff backoff;
    private final ArrayDeque<Queued> queue = new ArrayDeque<>();
    private final List<CompletableFuture<Void>> reachWaiters = new ArrayList<>();

    private volatile Connection active;
    private State state = State.IDLE;
    private Connection connecting;
    private int failures;
    private long connectedAtNanos;
    private long retryAtNanos;
    private Future<?> retryTask;
    private TransportException lastFailure;
    private int failedInARow;
    private String lastWarned;
    private boolean everConnected;

    Lane(PeerLink link, Handshake.Lane kind, boolean keepConnected, Connector connector) {
        this.link = link;
        this.kind = kind;
        this.keepConnected = keepConnected;
        this.connector = connector;
        TransportSettings s = link.context().settings();
        this.backoff = new Backoff(s.reconnectInitialBackoffMs(), s.reconnectMaxBackoffMs(),
                s.reconnectBackoffMultiplier(), s.reconnectJitter());
    }

    /** Starts connecting a kept-connected lane. */
    synchronized void start() {
        if (keepConnected && state == State.IDLE) {
            connect();
        }
    }

    boolean isConnected() {
        return active != null;
    }

    /** The channel of this lane's connection if it is connected and open, or {@code null}. Thread-safe. */
    Channel openChannel() {
        Connection c = active;
        return c == null || c.channel() == null || !c.channel().isActive() ? null : c.channel();
    }

    /** Completes when this lane is connected (at once if it is); fails only when the lane closes. */
    synchronized CompletableFuture<Void> whenConnected() {
        if (active != null) {
            return CompletableFuture.completedFuture(null);
        }
        if (state == State.CLOSED) {
            return CompletableFuture.failedFuture(closed(lastFailure));
        }
        CompletableFuture<Void> f = new CompletableFuture<>();
        reachWaiters.add(f);
        return f;
    }

    /**
     * Sends one frame on this lane: at once if connected, after the handshake if connecting, never if in backoff.
     *
     * @param frame   a complete frame; ownership passes to this method
     * @param request the request it carries, or {@code null}
     * @param written completed when written, or {@code null}
     */
    void submit(ByteBuf frame, PendingRequest<?> request, CompletableFuture<Void> written) {
        Connection c = active;
        if (c == null) {
            TransportException refusal;
            synchronized (this) {
                c = active;
                refusal = c == null ? enqueue(frame, request, written) : null;
            }
            if (refusal != null) {
                // Completed outside the lock: callbacks may send to other peers.
                frame.release();
                fail(request, written, refusal);
            }
            if (c == null) {
                return;
            }
        }
        c.write(frame, request, written);
    }

    /** Queues a frame for the handshake, connecting if needed; returns why not instead. Holds the lock. */
    private TransportException enqueue(ByteBuf frame, PendingRequest<?> request, CompletableFuture<Void> written) {
        if (state == State.CLOSED) {
            return closed(lastFailure);
        }
        if (state == State.BACKOFF && (keepConnected || System.nanoTime() < retryAtNanos)) {
            return unreachable();
        }
        if (queue.size() >= link.context().settings().maxPendingRequests()) {
            link.context().metrics().rejected.increment();
            return new TransportException(Reason.OVERLOADED, link.id(), queue.size() + " frames wait for the "
                    + "connection to " + link.id() + " (expected: < max-pending-requests)", null);
        }
        if (state != State.CONNECTING) {
            connect();
            if (state != State.CONNECTING) {
                return unreachable();
            }
        }
        if (request != null) {
            connecting.register(request);
        }
        queue.add(new Queued(frame, request, written));
        return null;
    }

    /** Why a send fails during backoff: the last failure, or UNREACHABLE for an ordinary connect failure. */
    private TransportException unreachable() {
        long inMs = Math.max(0, (retryAtNanos - System.nanoTime()) / 1_000_000);
        Reason reason = lastFailure.reason() == Reason.HANDSHAKE_REFUSED ? Reason.HANDSHAKE_REFUSED
                : Reason.UNREACHABLE;
        return new TransportException(reason, link.id(), link.id() + " is unreachable (next connection attempt in "
                + inMs + " ms): " + lastFailure.getMessage(), lastFailure);
    }

    /** Starts a connection attempt. Holds the lock. */
    private void connect() {
        state = State.CONNECTING;
        Connection c = new Connection(link, kind);
        connecting = c;
        CompletableFuture<Handshake> handshake = new CompletableFuture<>();
        // Registered before the channel exists: the event loop may finish the handshake before connect() returns, and
        // the outcome must then wait for this lock (held by the caller, who may still be queueing its frame) instead
        // of running here, inline, and changing the state under the caller's feet.
        handshake.whenComplete((welcome, failure) -> {
            if (failure == null) {
                onConnected(c);
            } else {
                onConnectFailed(c, failure);
            }
        });
        ChannelFuture cf;
        try {
            cf = connector.connect(c, handshake);
        } catch (RuntimeException e) {
            connecting = null;
            failures++;
            failedInARow++;
            link.context().metrics().connectFailures.increment();
            TransportException failure = new TransportException(Reason.UNREACHABLE, link.id(), "cannot connect to "
                    + link.id() + ": " + e, e);
            logFailure(failure, scheduleRetry(failure));
            return;
        }
        cf.addListener(f -> {
            if (!f.isSuccess()) {
                handshake.completeExceptionally(new TransportException(Reason.UNREACHABLE, link.id(), "cannot connect"
                        + " to " + link.id() + " at " + link.address().address() + ": " + f.cause().getMessage(),
                        f.cause()));
            }
        });
        cf.channel().closeFuture().addListener(f -> onClosed(c));
    }

    private void onConnected(Connection c) {
        List<CompletableFuture<Void>> waiters;
        List<Queued> queued;
        synchronized (this) {
            if (connecting != c || state != State.CONNECTING) {
                c.channel().close();
                return;
            }
            state = State.CONNECTED;
            connecting = null;
            connectedAtNanos = System.nanoTime();
            failedInARow = 0;
            lastWarned = null;
            queued = drainQueue();
            active = c;
            waiters = takeWaiters();
            link.context().metrics().established.increment();
            if (everConnected) {
                link.context().metrics().reconnects.increment();
            }
            everConnected = true;
        }
        for (int i = 0; i < queued.size(); i++) {
            Queued q = queued.get(i);
            c.writeQueued(q.frame(), q.request(), q.written(), i == queued.size() - 1);
        }
        LOG.info("connected to {} at {} ({} lane)", link.id(), link.address().address(), lowerCase(kind));
        waiters.forEach(w -> w.complete(null));
    }

    private void onConnectFailed(Connection c, Throwable failure) {
        TransportException e = failure instanceof TransportException te ? te
                : new TransportException(Reason.UNREACHABLE, link.id(), String.valueOf(failure.getMessage()), failure);
        List<Queued> queued;
        synchronized (this) {
            if (connecting != c) {
                return;
            }
            connecting = null;
            failures++;
            failedInARow++;
            link.context().metrics().connectFailures.increment();
            queued = drainQueue();
            if (state != State.CLOSED) {
                long delayMs = scheduleRetry(e);
                logFailure(e, delayMs);
            }
        }
        failAll(queued, e);
        c.failAll(e);
    }

    private void onClosed(Connection c) {
        String why = c.channel().attr(ChannelAttributes.CLOSE_REASON).get();
        TransportException e = new TransportException(Reason.CONNECTION_CLOSED, link.id(), "connection to "
                + link.id() + " closed" + (why == null ? "" : ": " + why), null);
        c.failAll(e);
        long delayMs;
        synchronized (this) {
            if (active != c) {
                return;
            }
            active = null;
            if (state == State.CLOSED) {
                return;
            }
            long stableNanos = link.context().settings().reconnectMaxBackoffMs() * 1_000_000L;
            if (System.nanoTime() - connectedAtNanos >= stableNanos) {
                failures = 0;
            }
            if (!keepConnected) {
                state = State.IDLE;
                LOG.info("{} lane to {} closed{}", lowerCase(kind), link.id(), why == null ? "" : ": " + why);
                return;
            }
            failures++;
            delayMs = scheduleRetry(new TransportException(Reason.UNREACHABLE, link.id(), e.getMessage(), null));
        }
        LOG.info("connection to {} ({} lane) lost{}; reconnecting in {} ms", link.id(), lowerCase(kind),
                why == null ? "" : ": " + why, delayMs);
    }

    /** Enters BACKOFF and, for a kept-connected lane, schedules the next attempt. Holds the lock. */
    private long scheduleRetry(TransportException cause) {
        state = State.BACKOFF;
        lastFailure = cause;
        long delayMs = backoff.delayMs(Math.max(1, failures), ThreadLocalRandom.current().nextDouble());
        retryAtNanos = System.nanoTime() + delayMs * 1_000_000;
        if (keepConnected) {
            retryTask = connector.schedule(this::retry, delayMs);
        }
        return delayMs;
    }

    private synchronized void retry() {
        if (state == State.BACKOFF) {
            connect();
        }
    }

    /**
     * Logs a failed attempt: a refusal at WARN at once; an unreachable peer at INFO (first attempt) or DEBUG until it
     * has failed {@link #WARN_AFTER_FAILURES} attempts in a row, then at WARN. A message already logged at WARN goes to
     * DEBUG when it repeats. Holds the lock.
     */
    private void logFailure(TransportException e, long delayMs) {
        String message = e.getMessage();
        boolean refusal = e.reason() != Reason.UNREACHABLE;
        if (!refusal && failedInARow < WARN_AFTER_FAILURES) {
            if (failedInARow == 1) {
                LOG.info("{}; {} lane retries in {} ms (attempt 1; a warning follows after {} in a row)", message,
                        lowerCase(kind), delayMs, WARN_AFTER_FAILURES);
            } else {
                LOG.debug("{}; {} lane retries in {} ms (attempt {})", message, lowerCase(kind), delayMs,
                        failedInARow);
            }
        } else if (!message.equals(lastWarned)) {
            lastWarned = message;
            if (refusal) {
                LOG.warn("{}; {} lane retries in {} ms (attempt {})", message, lowerCase(kind), delayMs,
                        failedInARow);
            } else {
                LOG.warn("{}; {} lane still unreachable after {} attempts in a row, retries in {} ms", message,
                        lowerCase(kind), failedInARow, delayMs);
            }
        } else {
            LOG.debug("{}; {} lane retries in {} ms (attempt {})", message, lowerCase(kind), delayMs, failedInARow);
        }
    }

    /** Closes the lane for good: fails queued frames, waiters and pending requests with {@code reason}. */
    void close(TransportException reason) {
        Connection open;
        Connection pendingConnect;
        List<CompletableFuture<Void>> waiters;
        List<Queued> queued;
        synchronized (this) {
            if (state == State.CLOSED) {
                return;
            }
            state = State.CLOSED;
            lastFailure = reason;
            if (retryTask != null) {
                retryTask.cancel(false);
            }
            queued = drainQueue();
            open = active;
            active = null;
            pendingConnect = connecting;
            connecting = null;
            waiters = takeWaiters();
        }
        failAll(queued, reason);
        for (Connection c : new Connection[] {open, pendingConnect}) {
            if (c != null) {
                c.failAll(reason);
                c.channel().close();
            }
        }
        waiters.forEach(w -> w.completeExceptionally(reason));
    }

    private List<Queued> drainQueue() {
        List<Queued> drained = new ArrayList<>(queue);
        queue.clear();
        return drained;
    }

    private static void failAll(List<Queued> queued, TransportException e) {
        for (Queued q : queued) {
            q.frame().release();
            fail(q.request(), q.written(), e);
        }
    }

    private List<CompletableFuture<Void>> takeWaiters() {
        List<CompletableFuture<Void>> taken = new ArrayList<>(reachWaiters);
        reachWaiters.clear();
        return taken;
    }

    private TransportException closed(TransportException cause) {
        return cause != null && cause.reason() == Reason.CLOSED ? cause
                : new TransportException(Reason.CLOSED, link.id(), "the link to " + link.id() + " is closed", cause);
    }

    private static void fail(PendingRequest<?> request, CompletableFuture<Void> written, TransportException e) {
        if (request != null) {
            request.fail(e);
        }
        if (written != null) {
            written.completeExceptionally(e);
        }
    }

    private static String lowerCase(Handshake.Lane lane) {
        return lane == Handshake.Lane.URGENT ? "urgent" : "bulk";
    }
}
