package io.raftwire.transport.netty;

import java.net.InetAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Which accepted connections may start a handshake, by rate: at most {@code handshake-rate-per-address} per second
 * from one source address, and at most {@code handshake-rate} per second over all source addresses that are not a
 * configured peer's (token buckets of one second's worth each). A connection over either rate is closed as soon as it
 * is accepted, before any TLS work, so a flood of handshakes costs this node an accept and a close per connection, not
 * a TLS handshake. Connections from a configured peer's address only meet their own per-address rate: a flood from
 * elsewhere cannot use up the rate a member needs to reconnect.
 *
 * <p>The per-address buckets are kept for at most {@value #MAX_ADDRESSES} addresses; buckets that have refilled are
 * dropped when that many are held, and while it stays full, a new address meets only the total rate. Thread-safe.
 */
final class HandshakeGate {

    static final int MAX_ADDRESSES = 4096;

    private final int perAddress;
    private final TokenBucket total;
    private final Predicate<InetAddress> knownMember;
    private final LongSupplier nanoClock;
    private final Map<InetAddress, TokenBucket> buckets = new ConcurrentHashMap<>();

    /**
     * @param total       {@code handshake-rate}, per second
     * @param perAddress  {@code handshake-rate-per-address}, per second
     * @param knownMember whether an address is a configured peer's
     * @param nanoClock   monotonic time, {@link System#nanoTime()}
     */
    HandshakeGate(int total, int perAddress, Predicate<InetAddress> knownMember, LongSupplier nanoClock) {
        this.perAddress = perAddress;
        this.total = new TokenBucket(total, nanoClock.getAsLong());
        this.knownMember = knownMember;
        this.nanoClock = nanoClock;
    }

    /**
     * Takes a token for a connection from {@code from}.
     *
     * @return {@code null} if it may start its handshake, else why not (the rate that was used up, in the words of
     *         its configuration key)
     */
    String admit(InetAddress from) {
        long now = nanoClock.getAsLong();
        TokenBucket own = bucketOf(from, now);
        if (own != null && !own.tryTake(now)) {
            return "more than handshake-rate-per-address = " + perAddress + " connections per second from this"
                    + " address";
        }
        if (knownMember.test(from)) {
            return null;
        }
        if (!total.tryTake(now)) {
            return "more than handshake-rate connections per second from addresses that are not a configured peer's";
        }
        return null;
    }

    /** Per-address buckets held now. */
    int addresses() {
        return buckets.size();
    }

    private TokenBucket bucketOf(InetAddress from, long now) {
        TokenBucket b = buckets.get(from);
        if (b != null) {
            return b;
        }
        if (buckets.size() >= MAX_ADDRESSES) {
            buckets.values().removeIf(bucket -> bucket.isFull(now));
            if (buckets.size() >= MAX_ADDRESSES) {
                return null;
            }
        }
        return buckets.computeIfAbsent(from, a -> new TokenBucket(perAddress, now));
    }
}
