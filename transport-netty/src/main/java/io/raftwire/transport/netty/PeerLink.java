package io.raftwire.transport.netty;

import io.raftwire.config.PeerAddress;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.netty.codec.Handshake;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Everything this node keeps for one peer: two outbound {@link Lane lanes} and the count of its pending requests.
 * The urgent lane is kept connected; the bulk lane connects when the first frame above the bulk threshold is sent.
 * Thread-safe.
 */
final class PeerLink {

    private final PeerAddress address;
    private final TransportContext context;
    private final Lane urgent;
    private final Lane bulk;
    private final AtomicInteger pending = new AtomicInteger();

    PeerLink(PeerAddress address, TransportContext context, Lane.Connector connector) {
        this.address = address;
        this.context = context;
        this.urgent = new Lane(this, Handshake.Lane.URGENT, true, connector);
        this.bulk = new Lane(this, Handshake.Lane.BULK, false, connector);
    }

    String id() {
        return address.id();
    }

    PeerAddress address() {
        return address;
    }

    TransportContext context() {
        return context;
    }

    Lane urgent() {
        return urgent;
    }

    /** The lane for a frame of this size. */
    Lane laneFor(int frameBytes) {
        return frameBytes > context.settings().bulkThresholdBytes() ? bulk : urgent;
    }

    /** Takes a pending-request slot; {@code false} if {@code max-pending-requests} are already pending. */
    boolean tryAcquirePending() {
        if (pending.incrementAndGet() > context.settings().maxPendingRequests()) {
            pending.decrementAndGet();
            return false;
        }
        context.metrics().pending.increment();
        return true;
    }

    /** Frees a slot taken by {@link #tryAcquirePending()}. */
    void releasePending() {
        pending.decrementAndGet();
        context.metrics().pending.decrement();
    }

    /** Requests currently pending. */
    int pendingCount() {
        return pending.get();
    }

    void start() {
        urgent.start();
    }

    void close(TransportException reason) {
        urgent.close(reason);
        bulk.close(reason);
    }
}
