package io.raftwire.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;

import org.junit.jupiter.api.Assumptions;
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
    void theLinuxEphemeralRangeIsParsedFromItsSysctlLine() {
        assertEquals(32_768, FreePorts.parseEphemeralLow("32768\t60999"));
        assertEquals(1024, FreePorts.parseEphemeralLow(" 1024   65535 \n"));
        for (String bad : new String[] {"3", "", "60999 32768", "0 100", "1024 65536", "a b"}) {
            assertThrows(RuntimeException.class, () -> FreePorts.parseEphemeralLow(bad), () -> "'" + bad + "'");
        }
    }

    /**
     * On this machine, the range the OS reports is read whole (a sysctl file read in pieces gave "3" of "32768 60999"
     * and, with it, ports from the OS instead of from below its range).
     */
    @Test
    void theOsEphemeralRangeIsReadWholeOrTheIanaOneAssumed() throws IOException {
        Path sysctl = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        int expected = 49_152;
        if (Files.isReadable(sysctl)) {
            try (InputStream in = Files.newInputStream(sysctl)) {
                expected = Integer.parseInt(new String(in.readNBytes(64), StandardCharsets.US_ASCII).trim()
                        .split("\\s+")[0]);
            }
        }
        assertEquals(expected, FreePorts.ephemeralLow());
    }

    @Test
    void withoutThePropertyPickedPortsLieBelowTheEphemeralRange() {
        Assumptions.assumeTrue(System.getProperty(FreePorts.RANGE_PROPERTY) == null, "the range is set for this JVM");
        int low = FreePorts.ephemeralLow();
        Assumptions.assumeTrue(low - 10_000 >= FreePorts.MIN_RANGE, "the ephemeral range starts at " + low);
        List<Integer> ports = FreePorts.pick(8);
        for (int port : ports) {
            assertTrue(port >= 10_000 && port < low, () -> "picked " + ports + " (expected: 10000.." + (low - 1) + ")");
        }
    }

    @Test
    void picksDistinctFreePortsOfTheRangeSkippingOneInUse() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), FROM + 1), 1);
            for (int round = 0; round < 3; round++) { // the cursor moves on with each pick, wherever it started
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
