package io.raftwire.transport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Picks loopback ports for clusters whose members must know each other's addresses before they bind, and that close
 * and bind them again (a restarted node keeps its address).
 *
 * <p>The ports come from below the operating system's ephemeral range (on Linux read from
 * {@code /proc/sys/net/ipv4/ip_local_port_range}, elsewhere the IANA range from 49152 is assumed), from port 10000 up:
 * a port the OS hands out for {@code bind(0)} or for an outgoing connection's local end is always in the ephemeral
 * range, so while a picked port is released (before its node starts, or while it restarts) no other socket on the
 * machine takes it unless it asks for that port by number. A port-0 pick had no such guarantee: a test suite saw a
 * node's restart fail because a proxy in the other test JVM had been given its port by {@code bind(0)}.
 *
 * <p>One cursor per process walks the range from a random start, so the ports a process picks are not picked again by
 * it until the range wraps; every candidate is bound once to check it is free. Processes that pick ports on one machine
 * at the same time can be given disjoint ranges with the system property {@value #RANGE_PROPERTY}
 * ({@code from-to}, inclusive, e.g. {@code 11000-11999}). If the range below the ephemeral one is smaller than
 * {@value #MIN_RANGE} ports (a machine whose ephemeral range starts low), ports come from {@code bind(0)} as before,
 * with the race above. Thread-safe.
 */
public final class FreePorts {

    /**
     * The system property that sets the range ports are picked from: {@code from-to}, inclusive. Outside the
     * {@code raftwire.} namespace, whose system properties the configuration reads and checks against its keys.
     */
    public static final String RANGE_PROPERTY = "io.raftwire.freePorts.range";

    static final int MIN_RANGE = 100;
    private static final int LOWEST = 10_000;
    private static final int IANA_EPHEMERAL_LOW = 49_152;
    private static final Path LINUX_EPHEMERAL = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final AtomicInteger CURSOR = new AtomicInteger(-1);
    /** The OS's setting, read once: it does not change while a process picks ports. */
    private static final int EPHEMERAL_LOW = ephemeralLow();

    private FreePorts() {
    }

    /**
     * {@code count} distinct ports on 127.0.0.1 that were free when this returned (each was bound and released).
     *
     * @throws IllegalArgumentException if {@value #RANGE_PROPERTY} is set but is not {@code from-to} with
     *                                  {@code 1 <= from <= to <= 65535}
     * @throws UncheckedIOException     if fewer than {@code count} ports of the range are free
     */
    public static List<Integer> pick(int count) {
        int[] range = range(System.getProperty(RANGE_PROPERTY), EPHEMERAL_LOW);
        return range == null ? pickFromOs(count) : pickFrom(range[0], range[1], count);
    }

    /**
     * The range to pick from, {@code {from, to}} inclusive: the property's if set, else {@code [10000, ephemeralLow)};
     * {@code null} when that is smaller than {@value #MIN_RANGE} ports.
     */
    static int[] range(String property, int ephemeralLow) {
        if (property != null) {
            return parse(property);
        }
        return ephemeralLow - LOWEST < MIN_RANGE ? null : new int[] {LOWEST, ephemeralLow - 1};
    }

    private static int[] parse(String property) {
        String[] parts = property.trim().split("-", -1);
        try {
            int from = parts.length == 2 ? Integer.parseInt(parts[0].trim()) : 0;
            int to = parts.length == 2 ? Integer.parseInt(parts[1].trim()) : 0;
            if (from >= 1 && to <= 65_535 && from <= to) {
                return new int[] {from, to};
            }
        } catch (NumberFormatException e) {
            // refused below, as any other malformed range
        }
        throw new IllegalArgumentException(RANGE_PROPERTY + " = '" + property + "' (expected: from-to, inclusive, with"
                + " 1 <= from <= to <= 65535, e.g. 11000-11999)");
    }

    /** The lowest port of the OS's ephemeral range: Linux's setting if readable, else 49152. */
    static int ephemeralLow() {
        // one read of a whole line: a sysctl file read in pieces ends after the first piece (Files.readString, which
        // starts with a one-byte read for a file of size 0, got "3" of "32768 60999")
        try (BufferedReader in = Files.newBufferedReader(LINUX_EPHEMERAL, StandardCharsets.US_ASCII)) {
            return parseEphemeralLow(in.readLine());
        } catch (IOException | RuntimeException e) {
            return IANA_EPHEMERAL_LOW;
        }
    }

    /**
     * The first of the two numbers of {@code ip_local_port_range} ({@code "32768\t60999"}).
     *
     * @throws IllegalArgumentException if the line is not two ports, the first not above the second
     */
    static int parseEphemeralLow(String line) {
        String[] bounds = line == null ? new String[0] : line.trim().split("\\s+");
        if (bounds.length != 2) {
            throw new IllegalArgumentException("ip_local_port_range = '" + line + "' (expected: two ports)");
        }
        int low = Integer.parseInt(bounds[0]);
        int high = Integer.parseInt(bounds[1]);
        if (low < 1 || high > 65_535 || low > high) {
            throw new IllegalArgumentException("ip_local_port_range = '" + line + "' (expected: 1 <= low <= high"
                    + " <= 65535)");
        }
        return low;
    }

    static List<Integer> pickFrom(int from, int to, int count) {
        int size = to - from + 1;
        CURSOR.compareAndSet(-1, ThreadLocalRandom.current().nextInt(size));
        List<ServerSocket> held = new ArrayList<>(count);
        try {
            List<Integer> ports = new ArrayList<>(count);
            for (int tried = 0; tried < size && ports.size() < count; tried++) {
                int port = from + Math.floorMod(CURSOR.getAndIncrement(), size);
                ServerSocket s = tryBind(port);
                if (s != null) {
                    held.add(s);
                    ports.add(port);
                }
            }
            if (ports.size() < count) {
                throw new UncheckedIOException(new IOException("only " + ports.size() + " of ports " + from + "-" + to
                        + " are free on 127.0.0.1 (expected: at least " + count + "; set " + RANGE_PROPERTY
                        + " to a range with free ports)"));
            }
            return ports;
        } finally {
            closeAll(held);
        }
    }

    private static ServerSocket tryBind(int port) {
        ServerSocket s = null;
        try {
            s = new ServerSocket();
            s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return s;
        } catch (IOException e) {
            closeAll(s == null ? List.of() : List.of(s));
            return null;
        }
    }

    private static List<Integer> pickFromOs(int count) {
        List<ServerSocket> held = new ArrayList<>(count);
        try {
            List<Integer> ports = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port (expected: the OS to assign one)", e);
        } finally {
            closeAll(held);
        }
    }

    private static void closeAll(List<ServerSocket> sockets) {
        for (ServerSocket s : sockets) {
            try {
                s.close();
            } catch (IOException ignored) {
                // released anyway when the process exits
            }
        }
    }
}
