package io.raftwire.transport.netty;

import io.netty.util.Timeout;
import io.netty.util.TimerTask;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One request awaiting its response. It finishes exactly once, whichever comes first: the response, an error frame,
 * its deadline (a {@link io.netty.util.HashedWheelTimer} task), a failed write, or the connection closing. Finishing
 * frees its slot in the peer's pending count, cancels the deadline and forgets the correlation id. Thread-safe.
 *
 * @param <R> the expected response type
 */
final class PendingRequest<R> implements TimerTask {

    private final long correlationId;
    private final String typeName;
    private final Class<R> responseType;
    private final CompletableFuture<R> future;
    private final PeerLink link;
    private final long timeoutMs;
    private final AtomicBoolean done = new AtomicBoolean();
    private volatile Connection connection;
    private volatile Timeout timeout;

    PendingRequest(long correlationId, String typeName, Class<R> responseType, CompletableFuture<R> future,
            PeerLink link, long timeoutMs) {
        this.correlationId = correlationId;
        this.typeName = typeName;
        this.responseType = responseType;
        this.future = future;
        this.link = link;
        this.timeoutMs = timeoutMs;
    }

    long correlationId() {
        return correlationId;
    }

    String typeName() {
        return typeName;
    }

    /** Binds the request to the connection that will carry it and starts its deadline. */
    void arm(Connection carrier) {
        this.connection = carrier;
        Timeout t;
        try {
            t = link.context().timer().newTimeout(this, timeoutMs, TimeUnit.MILLISECONDS);
        } catch (IllegalStateException e) {
            // the timer is stopped: the transport is closing
            fail(new TransportException(Reason.CLOSED, link.id(), "the transport is closed", e));
            return;
        }
        this.timeout = t;
        if (done.get()) {
            t.cancel();
        }
    }

    /** The deadline passed. */
    @Override
    public void run(Timeout t) {
        if (finish()) {
            link.context().metrics().timeouts.increment();
            future.completeExceptionally(new TransportException(Reason.TIMEOUT, link.id(), "no response from "
                    + link.id() + " to " + typeName + " within " + timeoutMs + " ms", null));
        }
    }

    /** Completes with a decoded response; fails with {@link Reason#PROTOCOL_ERROR} if it has another type. */
    void complete(Object response) {
        if (!finish()) {
            return;
        }
        if (responseType.isInstance(response)) {
            future.complete(responseType.cast(response));
        } else {
            future.completeExceptionally(new TransportException(Reason.PROTOCOL_ERROR, link.id(), link.id()
                    + " answered " + typeName + " with " + response.getClass().getSimpleName() + " (expected: "
                    + responseType.getSimpleName() + ")", null));
        }
    }

    /** Fails the request, unless it already finished. */
    void fail(TransportException e) {
        if (finish()) {
            future.completeExceptionally(e);
        }
    }

    /** Whether the request already finished. */
    boolean isDone() {
        return done.get();
    }

    private boolean finish() {
        if (!done.compareAndSet(false, true)) {
            return false;
        }
        Timeout t = timeout;
        if (t != null) {
            t.cancel();
        }
        Connection c = connection;
        if (c != null) {
            c.forget(this);
        }
        link.releasePending();
        return true;
    }
}
