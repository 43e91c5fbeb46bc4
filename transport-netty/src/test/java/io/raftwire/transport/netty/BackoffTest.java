package io.raftwire.transport.netty;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Capped exponential backoff with jitter. */
class BackoffTest {

    private final Backoff backoff = new Backoff(50, 2000, 1.6, 0.2);

    @Test
    void shouldGrowByTheMultiplierUpToTheCap() {
        assertEquals(50, backoff.delayMs(1, 0.5));
        assertEquals(80, backoff.delayMs(2, 0.5));
        assertEquals(128, backoff.delayMs(3, 0.5));
        assertEquals(2000, backoff.delayMs(20, 0.5));
        assertEquals(2000, backoff.delayMs(Integer.MAX_VALUE, 0.5));
    }

    @Test
    void shouldSpreadByTheJitter() {
        assertEquals(40, backoff.delayMs(1, 0.0));
        assertEquals(60, backoff.delayMs(1, 1.0));
        assertEquals(1600, backoff.delayMs(30, 0.0));
        assertEquals(2400, backoff.delayMs(30, 1.0));
    }

    @Test
    void shouldNeverReturnLessThanOneMillisecond() {
        assertEquals(1, new Backoff(1, 1, 1.0, 1.0).delayMs(1, 0.0));
    }
}
