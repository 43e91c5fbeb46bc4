package io.raftwire.cli.codecs;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The median, range and noise rule of repeated measurements. */
class SpreadTest {

    @Test
    void shouldTakeTheMedianOfOddAndEvenCounts() {
        assertEquals(new Spread(20, 10, 40, 3), Spread.of(new double[] {40, 10, 20}));
        assertEquals(new Spread(25, 10, 40, 4), Spread.of(new double[] {40, 30, 10, 20}));
    }

    @Test
    void shouldCallASpreadAboveOneAndAHalfNoisy() {
        assertFalse(Spread.of(new double[] {100, 120, 150}).noisy(), "exactly 1.5 is still acceptable");
        assertTrue(Spread.of(new double[] {100, 120, 151}).noisy());
        assertEquals(1.51, Spread.of(new double[] {100, 120, 151}).ratio(), 1e-9);
    }

    @Test
    void shouldRefuseNoOrNonPositiveMeasurements() {
        assertEquals("no measurements (expected: at least one)",
                assertThrows(IllegalArgumentException.class, () -> Spread.of(new double[0])).getMessage());
        assertEquals("measurement = 0.0 (expected: > 0)",
                assertThrows(IllegalArgumentException.class, () -> Spread.of(new double[] {5, 0})).getMessage());
    }
}
