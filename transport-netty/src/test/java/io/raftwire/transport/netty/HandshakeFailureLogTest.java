package io.raftwire.transport.netty;

import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.helpers.MessageFormatter;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HandshakeFailureLogTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    private final HashedWheelTimer timer = new HashedWheelTimer(new DefaultThreadFactory("test-timer", true));
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final AtomicLong now = new AtomicLong(1000 * SECOND);
    private final HandshakeFailureLog log = new HandshakeFailureLog(
            (format, args) -> lines.add(MessageFormatter.arrayFormat(format, args).getMessage()), timer, now::get);

    @AfterEach
    void stop() {
        timer.stop();
    }

    @Test
    void shouldLogTheFirstFailureAtOnceAndTheRestOfItsWindowAsOneLine() {
        log.tlsFailed(address("192.0.2.7"));
        assertEquals(List.of("in the last 10 s: 1 TLS handshakes failed or were aborted, 0 connections refused by"
                + " the handshake rate limits; top sources: 192.0.2.7 (1)"), lines);
        for (int i = 0; i < 50; i++) {
            log.refused(address("192.0.2.7"));
            now.addAndGet(SECOND / 10);
        }
        log.tlsFailed(address("192.0.2.9"));
        assertEquals(1, lines.size(), "nothing more within the window");
        now.addAndGet(6 * SECOND);
        log.tlsFailed(address("192.0.2.9"));
        assertEquals(2, lines.size());
        assertEquals("in the last 10 s: 2 TLS handshakes failed or were aborted, 50 connections refused by the"
                + " handshake rate limits; top sources: 192.0.2.7 (50), 192.0.2.9 (2)", lines.get(1));
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
