package io.raftwire.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FreePortsTest {

    /** Three ports unlikely to be used by anything else on a build machine, below every ephemeral range. */
    private static final int FROM = 10_917;
    private static final int TO = 10_919;

    @Test
    void withoutThePropertyPortsComeFromBelowTheEphemeralRange() {
        assertArrayEquals(new int[] {10_000, 32_767}, FreePorts.range(null, 32_768));
        assertArrayEquals(new int[] {10_000, 49_151}, FreePorts.range(null, 49_152));
    }

    @Test
    void anEphemeralRangeStartingTooLowLeavesThePickToTheOs() {
        assertNull(FreePorts.range(null, 10_000 + FreePorts.MIN_RANGE - 1));
        assertNull(FreePorts.range(null, 1024));
    }

    @Test
    void thePropertyOverridesTheRange() {
        assertArrayEquals(new int[] {11_000, 11_999}, FreePorts.range("11000-11999", 32_768));
        assertArrayEquals(new int[] {5, 5}, FreePorts.range(" 5 - 5 ", 1024));
    }

    @ParameterizedTest
    @ValueSource(strings = {"11000", "11000-", "-11999", "a-b", "12000-11000", "0-100", "60000-65536", "1-2-3", ""})
    void aMalformedPropertyIsRefusedNamingThePropertyAndTheExpectedForm(String value) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FreePorts.range(value, 32_768));
        assertEquals("io.raftwire.freePorts.range = '" + value + "' (expected: from-to, inclusive, with 1 <= from <= to <= "
                + "65535, e.g. 11000-11999)", e.getMessage());
    }

    @Test
    void theOsEphemeralRangeIsReadOrTheIanaOneAssumed() {
        int low = FreePorts.ephemeralLow();
        assertTrue(low >= 1 && low <= 65_535, () -> "ephemeral low = " + low);
    }

    @Test
    void picksDistinctFreePortsOfTheRangeSkippingOneInUse() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), FROM + 1), 1);
            for (int round = 0; round < 3; round++) { // the cursor starts anywhere in the range: each start is seen
                List<Integer> ports = FreePorts.pickFrom(FROM, TO, 2);
                assertEquals(new HashSet<>(List.of(FROM, TO)), new HashSet<>(ports), () -> "picked " + ports);
            }
        }
    }

    @Test
    void picksPortsThatCanBeBoundOnceReturned() throws IOException {
        List<Integer> ports = FreePorts.pickFrom(FROM, TO, 3);
        assertEquals(3, new HashSet<>(ports).size(), () -> "picked " + ports);
        for (int port : ports) {
            try (ServerSocket s = new ServerSocket()) {
                s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            }
        }
    }

    @Test
    void tooFewFreePortsIsAnErrorNamingTheRangeAndTheProperty() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), FROM), 1);
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> FreePorts.pickFrom(FROM, TO, 3));
            assertEquals("java.io.IOException: only 2 of ports 10917-10919 are free on 127.0.0.1 (expected: at least 3;"
                    + " set io.raftwire.freePorts.range to a range with free ports)", e.getMessage());
        }
    }
}
