package io.raftwire.transport.netty;

import io.netty.util.Timer;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A summary, at most one WARN line per {@value #WINDOW_SECONDS} s, of the accepted connections that failed before
 * their handshake could start or complete: TLS handshakes that failed or were aborted (the peer closed, reset or timed
 * out mid-handshake), and connections closed at once by a handshake rate limit. The line names both counts and the
 * {@value #TOP} source addresses with the most (escaped), e.g. {@code in the last 10 s: 2512 TLS handshakes failed or
 * were aborted, 7310 connections refused by the handshake rate limits; top sources: 127.0.0.2 (4911), ...}. The first
 * failure after a quiet window is logged at once; the others of its window when the window ends.
 *
 * <p>At most {@value #MAX_ADDRESSES} addresses are told apart per window; the others are counted under "other
 * addresses". Thread-safe (synchronized: once per failed connection).
 */
final class HandshakeFailureLog {

    static final int WINDOW_SECONDS = 10;
    static final int TOP = 5;
    static final int MAX_ADDRESSES = 1024;
    private static final long WINDOW_NANOS = TimeUnit.SECONDS.toNanos(WINDOW_SECONDS);
    private static final Logger LOG = LoggerFactory.getLogger(HandshakeFailureLog.class);

    /** Where the summary goes (an slf4j format and its arguments). */
    interface Sink {
        void warn(String format, Object... args);
    }

    private final Sink sink;
    private final Timer timer;
    private final LongSupplier nanoClock;
    private final Map<String, Long> bySource = new HashMap<>();
    private long tlsFailures;
    private long refused;
    private long others;
    private long lastLogged;
    private boolean flushScheduled;

    /** Logs to this class's logger; the end-of-window lines are written from {@code timer}. */
    HandshakeFailureLog(Timer timer) {
        this(LOG::warn, timer, System::nanoTime);
    }

    HandshakeFailureLog(Sink sink, Timer timer, LongSupplier nanoClock) {
        this.sink = sink;
        this.timer = timer;
        this.nanoClock = nanoClock;
        this.lastLogged = nanoClock.getAsLong() - WINDOW_NANOS;
    }

    /** Records a TLS handshake of a connection from {@code from} that failed or was aborted. */
    void tlsFailed(InetAddress from) {
        record(from, true);
    }

    /** Records a connection from {@code from} closed at once by a handshake rate limit. */
    void refused(InetAddress from) {
        record(from, false);
    }

    private synchronized void record(InetAddress from, boolean tls) {
        if (tls) {
            tlsFailures++;
        } else {
            refused++;
        }
        String source = from == null ? "an unknown address" : from.getHostAddress();
        if (bySource.containsKey(source) || bySource.size() < MAX_ADDRESSES) {
            bySource.merge(source, 1L, Long::sum);
        } else {
            others++;
        }
        long now = nanoClock.getAsLong();
        if (now - lastLogged >= WINDOW_NANOS) {
            flush(now);
        } else if (!flushScheduled) {
            try {
                timer.newTimeout(t -> endOfWindow(), lastLogged + WINDOW_NANOS - now, TimeUnit.NANOSECONDS);
                flushScheduled = true;
            } catch (IllegalStateException | RejectedExecutionException stopped) {
                // the transport is closing and its timer stopped: the rest of this window is not logged
            }
        }
    }

    private synchronized void endOfWindow() {
        flushScheduled = false;
        if (tlsFailures + refused > 0) {
            flush(nanoClock.getAsLong());
        }
    }

    private void flush(long now) {
        long seconds = Math.max(1, Math.min(WINDOW_SECONDS, TimeUnit.NANOSECONDS.toSeconds(now - lastLogged)));
        sink.warn("in the last {} s: {} TLS handshakes failed or were aborted, {} connections refused by the"
                + " handshake rate limits; top sources: {}", seconds, tlsFailures, refused, top());
        lastLogged = now;
        tlsFailures = 0;
        refused = 0;
        others = 0;
        bySource.clear();
    }

    private String top() {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(bySource.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < Math.min(TOP, entries.size()); i++) {
            out.append(i == 0 ? "" : ", ").append(PeerText.escape(entries.get(i).getKey())).append(" (")
                    .append(entries.get(i).getValue()).append(')');
        }
        if (others > 0) {
            out.append(", other addresses (").append(others).append(')');
        }
        return out.toString();
    }
}
