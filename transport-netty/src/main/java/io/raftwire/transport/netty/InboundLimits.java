package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The memory a transport lets peers make it hold, before and after trust:
 * <ul>
 *   <li>at most {@code max-connections} accepted connections may be open at once, handshake completed or not
 *       ({@link #open}), so that connections cannot use up the process's file descriptors; a further one is closed
 *       as soon as it is accepted;</li>
 *   <li>at most {@code max-unauthenticated-connections} accepted connections may be waiting for their handshake,
 *       at most {@code max-unauthenticated-per-address} of them from one source address ({@link #admit}); a
 *       connection from a configured peer's address may also take one of {@code reserved-member-slots} further
 *       slots when the others are taken; a further one is closed as soon as it is accepted;</li>
 *   <li>before its handshake, a connection's frames are limited to a handshake's worth of bytes
 *       ({@link io.raftwire.transport.netty.codec.FrameDescriptor#MAX_HANDSHAKE_FRAME_BYTES}, see
 *       {@link BoundedFrameDecoder});</li>
 *   <li>after it, a connection holds at most one incomplete frame of up to {@code max-frame-bytes}, and all
 *       connections together at most {@code max-inbound-buffer-bytes} ({@link #reserve}).</li>
 * </ul>
 * Thread-safe.
 */
final class InboundLimits {

    /** The slot a connection awaiting its handshake holds: its source address and whether it is a reserved one. */
    private record Slot(InetAddress from, boolean reserved) {
    }

    private static final AttributeKey<Slot> AWAITING_HANDSHAKE = AttributeKey.valueOf(InboundLimits.class,
            "awaitingHandshake");

    private final int maxOpen;
    private final int maxUnauthenticated;
    private final int maxPerAddress;
    private final int reservedForMembers;
    private final long maxBufferedBytes;
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger unauthenticated = new AtomicInteger();
    private final AtomicInteger reserved = new AtomicInteger();
    private final Map<InetAddress, Integer> perAddress = new ConcurrentHashMap<>();
    private final AtomicLong buffered = new AtomicLong();

    /**
     * @param maxOpen            {@code max-connections}
     * @param maxUnauthenticated {@code max-unauthenticated-connections}
     * @param maxPerAddress      {@code max-unauthenticated-per-address}
     * @param reservedForMembers {@code reserved-member-slots}
     * @param maxBufferedBytes   {@code max-inbound-buffer-bytes}
     */
    InboundLimits(int maxOpen, int maxUnauthenticated, int maxPerAddress, int reservedForMembers,
            long maxBufferedBytes) {
        this.maxOpen = maxOpen;
        this.maxUnauthenticated = maxUnauthenticated;
        this.maxPerAddress = maxPerAddress;
        this.reservedForMembers = reservedForMembers;
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
     * Counts an accepted connection as awaiting its handshake, if there is room: fewer than
     * {@code max-unauthenticated-per-address} from {@code from} are waiting, and one of the
     * {@code max-unauthenticated-connections} slots is free, or, for a connection from a configured peer's address, one
     * of the {@code reserved-member-slots}. It stops counting when {@link #authenticated} is called or the channel
     * closes, whichever comes first.
     *
     * @param from   the connection's source address
     * @param member whether {@code from} is a configured peer's address
     * @return {@code null} if admitted, else why not (the cap that is reached, with its configuration key): close the
     *         channel
     */
    String admit(Channel channel, InetAddress from, boolean member) {
        boolean[] taken = {false};
        perAddress.compute(from, (a, n) -> {
            int held = n == null ? 0 : n;
            if (held >= maxPerAddress) {
                return n;
            }
            taken[0] = true;
            return held + 1;
        });
        if (!taken[0]) {
            return maxPerAddress + " accepted connections from this address have not completed the handshake"
                    + " (expected: < max-unauthenticated-per-address " + maxPerAddress + ")";
        }
        boolean inReserve = false;
        if (!claim(unauthenticated, maxUnauthenticated)) {
            if (!member || !claim(reserved, reservedForMembers)) {
                release(from);
                return unauthenticated.get() + " accepted connections have not completed the handshake (expected: <"
                        + " max-unauthenticated-connections " + maxUnauthenticated + (member && reservedForMembers > 0
                        ? ", and < reserved-member-slots " + reservedForMembers + " more for configured peers"
                        : "") + ")";
            }
            inReserve = true;
        }
        channel.attr(AWAITING_HANDSHAKE).set(new Slot(from, inReserve));
        channel.closeFuture().addListener(f -> authenticated(channel));
        return null;
    }

    /** The channel completed its handshake (or closed): it no longer counts as unauthenticated. Idempotent. */
    void authenticated(Channel channel) {
        Slot slot = channel.attr(AWAITING_HANDSHAKE).getAndSet(null);
        if (slot != null) {
            (slot.reserved() ? reserved : unauthenticated).decrementAndGet();
            release(slot.from());
        }
    }

    private void release(InetAddress from) {
        perAddress.computeIfPresent(from, (a, n) -> n <= 1 ? null : n - 1);
    }

    /** Accepted connections now waiting for their handshake, in reserved slots or not. */
    int unauthenticated() {
        return unauthenticated.get() + reserved.get();
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
