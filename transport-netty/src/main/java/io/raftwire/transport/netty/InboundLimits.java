package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory a transport lets peers make it hold, before and after trust:
 * <ul>
 *   <li>at most {@code max-connections} accepted connections may be open at once, handshake completed or not
 *       ({@link #open}), so that connections cannot use up the process's file descriptors; a further one is closed
 *       as soon as it is accepted;</li>
 *   <li>at most {@code max-unauthenticated-connections} accepted connections may be waiting for their handshake
 *       ({@link #admit}); a further one is closed as soon as it is accepted;</li>
 *   <li>before its handshake, a connection's frames are limited to a handshake's worth of bytes
 *       ({@link io.raftwire.transport.netty.codec.FrameDescriptor#MAX_HANDSHAKE_FRAME_BYTES}, see
 *       {@link BoundedFrameDecoder});</li>
 *   <li>after it, a connection holds at most one incomplete frame of up to {@code max-frame-bytes}, and all
 *       connections together at most {@code max-inbound-buffer-bytes} ({@link #reserve}).</li>
 * </ul>
 * Thread-safe.
 */
final class InboundLimits {

    private static final AttributeKey<Boolean> AWAITING_HANDSHAKE = AttributeKey.valueOf(InboundLimits.class,
            "awaitingHandshake");

    private final int maxOpen;
    private final int maxUnauthenticated;
    private final long maxBufferedBytes;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger unauthenticated = new AtomicInteger();
    private final AtomicLong buffered = new AtomicLong();

    InboundLimits(int maxOpen, int maxUnauthenticated, long maxBufferedBytes) {
        this.maxOpen = maxOpen;
        this.maxUnauthenticated = maxUnauthenticated;
        this.maxBufferedBytes = maxBufferedBytes;
    }

    /**
     * Counts an accepted connection as open, if there is room; it stops counting when the channel closes.
     *
     * @return false if {@code max-connections} are already open: close the channel
     */
    boolean open(Channel channel) {
        if (!claim(open, maxOpen)) {
            return false;
        }
        channel.closeFuture().addListener(f -> open.decrementAndGet());
        return true;
    }

    /** Accepted connections now open. */
    int open() {
        return open.get();
    }

    /** The cap on {@link #open()}. */
    int maxOpen() {
        return maxOpen;
    }

    /** Takes one of {@code max} slots counted by {@code count}; false if none is free. */
    private static boolean claim(AtomicInteger count, int max) {
        while (true) {
            int n = count.get();
            if (n >= max) {
                return false;
            }
            if (count.compareAndSet(n, n + 1)) {
                return true;
            }
        }
    }

    /**
     * Counts an accepted connection as awaiting its handshake, if there is room; it stops counting when
     * {@link #authenticated} is called or the channel closes, whichever comes first.
     *
     * @return false if {@code max-unauthenticated-connections} are already waiting: close the channel
     */
    boolean admit(Channel channel) {
        if (!claim(unauthenticated, maxUnauthenticated)) {
            return false;
        }
        channel.attr(AWAITING_HANDSHAKE).set(Boolean.TRUE);
        channel.closeFuture().addListener(f -> authenticated(channel));
        return true;
    }

    /** The channel completed its handshake (or closed): it no longer counts as unauthenticated. Idempotent. */
    void authenticated(Channel channel) {
        if (channel.attr(AWAITING_HANDSHAKE).getAndSet(null) != null) {
            unauthenticated.decrementAndGet();
        }
    }

    /** Accepted connections now waiting for their handshake. */
    int unauthenticated() {
        return unauthenticated.get();
    }

    /** The cap on {@link #unauthenticated()}. */
    int maxUnauthenticated() {
        return maxUnauthenticated;
    }

    /**
     * Records that a connection's incomplete frames now hold {@code delta} more bytes (negative: fewer).
     *
     * @return false if the total is now above {@code max-inbound-buffer-bytes}: the caller closes its connection
     *         (and releases its bytes); the bytes are counted either way
     */
    boolean reserve(long delta) {
        long total = buffered.addAndGet(delta);
        return delta <= 0 || total <= maxBufferedBytes;
    }

    /** Bytes of incomplete inbound frames held over all connections. */
    long buffered() {
        return buffered.get();
    }

    /** The cap on {@link #buffered()}. */
    long maxBuffered() {
        return maxBufferedBytes;
    }
}
