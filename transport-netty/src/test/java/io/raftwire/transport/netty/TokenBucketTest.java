package io.raftwire.transport.netty;

import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenBucketTest {

    private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

    @Test
    void shouldAllowOneSecondsWorthAtOnceThenTheRate() {
        TokenBucket b = new TokenBucket(10, 0);
        for (int i = 0; i < 10; i++) {
            assertTrue(b.tryTake(0), "token " + i + " of a full bucket");
        }
        assertFalse(b.tryTake(0), "the 11th in the same instant");
        assertTrue(b.tryTake(SECOND / 10), "one token back after a tenth of a second");
        assertFalse(b.tryTake(SECOND / 10));
    }

    @Test
    void shouldNeverHoldMoreThanOneSecondsWorth() {
        TokenBucket b = new TokenBucket(4, 0);
        assertTrue(b.isFull(0));
        int taken = 0;
        while (b.tryTake(60 * SECOND)) {
            taken++;
        }
        assertEquals(4, taken, "a minute of rest refills 4 tokens, not 240");
        assertFalse(b.isFull(60 * SECOND));
        assertTrue(b.isFull(61 * SECOND));
    }

    @Test
    void shouldRefuseANonPositiveRateNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TokenBucket(0, 0));
        assertEquals("perSecond = 0 (expected: > 0)", e.getMessage());
    }
}
