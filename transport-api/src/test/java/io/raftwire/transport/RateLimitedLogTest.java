package io.raftwire.transport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(10)
class RateLimitedLogTest {

    private final AtomicLong nanos = new AtomicLong(5_000_000_000L);
    private final List<String> lines = new ArrayList<>();
    private final RateLimitedLog log = new RateLimitedLog((format, args) -> lines.add(render(format, args)),
            1000, 3, nanos::get);

    @Test
    void shouldLogTheBurstThenCountTheRestAndReportTheCountWithTheNextWarning() {
        for (int i = 0; i < 10; i++) {
            log.warn("timeout", "no handshake from {}", "peer-" + i);
        }
        assertEquals(List.of("no handshake from peer-0", "no handshake from peer-1", "no handshake from peer-2"),
                lines);
        assertEquals(7, log.suppressed("timeout"));

        nanos.addAndGet(999_000_000L);
        assertFalse(log.warn("timeout", "no handshake from {}", "still-in-window"));
        nanos.addAndGet(1_000_000L);
        assertTrue(log.warn("timeout", "no handshake from {}", "peer-x"));
        assertEquals("no handshake from peer-x (8 similar warnings suppressed)", lines.get(3));
        assertEquals(0, log.suppressed("timeout"));

        log.warn("timeout", "no handshake from {}", "peer-y");
        assertEquals("no handshake from peer-y", lines.get(4), "the count is reported once");
    }

    @Test
    void shouldLimitEachKindSeparately() {
        for (int i = 0; i < 5; i++) {
            log.warn("refused", "refused {}", i);
            log.warn("cap", "over the cap {}", i);
        }
        assertEquals(6, lines.size(), lines.toString());
        assertEquals(2, log.suppressed("refused"));
        assertEquals(2, log.suppressed("cap"));
    }

    @Test
    void shouldRefuseAWindowOrBurstThatIsNotPositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RateLimitedLog((f, a) -> { }, 0, 1, nanos::get));
        assertEquals("windowMs = 0, burst = 1 (expected: both > 0)", e.getMessage());
    }

    private static String render(String format, Object... args) {
        StringBuilder out = new StringBuilder();
        int arg = 0;
        int from = 0;
        for (int at = format.indexOf("{}"); at >= 0; at = format.indexOf("{}", from)) {
            out.append(format, from, at).append(args[arg++]);
            from = at + 2;
        }
        return out.append(format.substring(from)).toString();
    }
}
