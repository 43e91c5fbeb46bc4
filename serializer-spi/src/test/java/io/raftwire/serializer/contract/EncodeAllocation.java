package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.IndexedSet;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Kind;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pins the "no garbage per encode" promise of a provider <b>per type</b>: for each named value, the bytes the calling
 * thread allocates over {@value #ENCODES} encodes of that one value into one reused buffer, after warm-up, must be
 * exactly 0.
 *
 * <p><b>Why exactly 0 and not "less than one byte per encode".</b> HotSpot's per-thread counter
 * ({@code com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}) adds the used part of the thread's current
 * TLAB to the bytes of its retired TLABs, so it is exact to the object: no rounding to a TLAB size hides a small
 * allocation, and a steady state that allocates nothing reads 0. The counter itself allocates nothing; the overhead
 * of measuring is still measured (the same loop with the encode left out) and subtracted, so a JVM where it did would
 * not fail every type. An average would let a regression hide: a 16-byte object on 1 encode in 17 averages below one
 * byte. So the test asks for 0, and names the bytes if it is not.
 *
 * <p><b>Why up to {@value #ATTEMPTS} attempts, one of which must read 0.</b> Code that is not yet, or no longer,
 * compiled by C2 (still queued for the compiler right after the warm-up on a 2-core machine, or deoptimised while
 * measured) allocates what C2's escape analysis keeps in registers (an iterator over a list, a box that never
 * escapes): tens of bytes to a few KB once, not per message (seen: 56 to 10,344 B in the first attempts of the
 * first value measured, then 0). Each attempt first encodes the value {@value #WARM_UP} more times. An allocation made on every encode, even
 * the smallest object, is at least {@code 16 * }{@value #ENCODES} bytes in every attempt and fails the test.
 *
 * <p>Which values are asked to allocate nothing is the caller's choice; {@link #iteratesAForeignSet} names the one
 * allocation the providers allow themselves (the iterator of a set that is not a catalog {@link IndexedSet}).
 * Single-threaded: measures the calling thread.
 */
public final class EncodeAllocation {

    /**
     * Tag of the test classes that measure with this class: the default test command runs the other unit tests on the
     * client compiler alone ({@code -XX:TieredStopAtLevel=1}), which has no escape analysis, and these in a surefire
     * execution of their own ({@code allocation}, parent POM) on a JVM with C2, the JVM a node runs on.
     */
    public static final String NEEDS_C2 = "c2";
    /** Encodes of each value measured per attempt. */
    public static final int ENCODES = 2_000;
    /** Encodes of each value before each attempt, on top of {@link #WARM_UP_ROUNDS} rounds over all values. */
    public static final int WARM_UP = 1_000;
    /** Rounds over all values, interleaved as a running node sends them, before any value is measured alone. */
    public static final int WARM_UP_ROUNDS = 200;
    /** Most attempts per value; one of them must read exactly 0. */
    public static final int ATTEMPTS = 10;

    private static final int OUT_BYTES = 256 * 1024;

    private EncodeAllocation() {
    }

    /**
     * Asserts that encoding each value allocates exactly 0 bytes in steady state, and names every one that does not.
     *
     * @param provider the provider's name, for the failure message
     * @param path     which codec path {@code serializer} was built with ({@code generated} or {@code walk}), for the
     *                 failure message
     * @param values   the values, by a name the failure message uses; none may be larger than 256 KiB encoded
     */
    public static void assertNoGarbage(String provider, String path, Serializer serializer,
            Map<String, Object> values) {
        assumeTrue(AllocationMeter.supported(), "per-thread allocation counting (HotSpot)");
        assertTrue(!values.isEmpty(), "no values to measure for " + provider + " " + path);
        Map<String, List<Long>> garbage = measureEach(serializer, values);
        List<String> offenders = new ArrayList<>();
        garbage.forEach((name, attempts) -> {
            if (!attempts.contains(0L)) {
                offenders.add(provider + " " + path + " " + name + ": " + attempts + " B over " + ENCODES
                        + " encodes in each of " + attempts.size() + " attempts");
            }
        });
        assertTrue(offenders.isEmpty(), "steady-state encode allocated (expected: 0 B for every type of "
                + values.size() + "):\n  " + String.join("\n  ", offenders));
    }

    /**
     * The bytes allocated by {@value #ENCODES} encodes of each value, measurement overhead subtracted, per attempt:
     * up to {@value #ATTEMPTS} attempts, stopping at the first that reads 0.
     */
    public static Map<String, List<Long>> measureEach(Serializer serializer, Map<String, Object> values) {
        // An unpooled heap buffer is not leak-tracked: under paranoid leak detection every write into a tracked
        // buffer records its stack, which would be counted here as the encoder's allocation.
        ByteBuf out = Unpooled.buffer(OUT_BYTES, OUT_BYTES);
        try {
            for (int round = 0; round < WARM_UP_ROUNDS; round++) {
                for (Object v : values.values()) {
                    encode(serializer, v, out, 1);
                }
            }
            Map<String, List<Long>> bytes = new LinkedHashMap<>();
            for (Map.Entry<String, Object> e : values.entrySet()) {
                List<Long> attempts = new ArrayList<>();
                while (attempts.size() < ATTEMPTS && !attempts.contains(0L)) {
                    encode(serializer, e.getValue(), out, WARM_UP);
                    long overhead = overhead(out);
                    long before = AllocationMeter.allocatedBytes();
                    encode(serializer, e.getValue(), out, ENCODES);
                    long measured = AllocationMeter.allocatedBytes() - before;
                    attempts.add(Math.max(0, measured - overhead));
                }
                bytes.put(e.getKey(), attempts);
            }
            return bytes;
        } finally {
            out.release();
        }
    }

    /** The same loop as a measurement, with the encode left out. */
    private static long overhead(ByteBuf out) {
        long before = AllocationMeter.allocatedBytes();
        for (int i = 0; i < ENCODES; i++) {
            out.clear();
        }
        return AllocationMeter.allocatedBytes() - before;
    }

    private static void encode(Serializer serializer, Object value, ByteBuf out, int times) {
        for (int i = 0; i < times; i++) {
            out.clear();
            serializer.encode(value, out);
        }
    }

    /**
     * The {@link Fixtures#named()} values a provider promises to encode without garbage: every catalog type's
     * realistic fixture, every edge case and the user types, less the {@link Fixtures#isLegacy legacy model} (its
     * walked shapes box and allocate by design) and the values that {@link #iteratesAForeignSet iterate a foreign
     * set}.
     */
    public static Map<String, Object> promisedFree(TypeRegistry registry) {
        Map<String, Object> free = new LinkedHashMap<>();
        Fixtures.named().forEach((name, value) -> {
            if (!Fixtures.isLegacy(value) && !iteratesAForeignSet(registry, value)) {
                free.put(name, value);
            }
        });
        return free;
    }

    /**
     * Whether encoding {@code value} iterates, anywhere in it, a set that is not a catalog {@link IndexedSet}: its
     * iterator is allocated on every encode (a catalog set is walked by index).
     */
    public static boolean iteratesAForeignSet(TypeRegistry registry, Object value) {
        if (value == null || registry.find(value.getClass()) == null) {
            return false;
        }
        for (Component c : registry.find(value.getClass()).components()) {
            if (c.kind() == Kind.SET && !(c.get(value) instanceof IndexedSet<?>)) {
                return true;
            }
            if (c.valueKind() == Kind.VALUE || c.valueKind() == Kind.POLYMORPHIC) {
                Object nested = c.get(value);
                Collection<?> children = nested instanceof Collection<?> col ? col
                        : nested == null ? List.of() : List.of(nested);
                for (Object child : children) {
                    if (iteratesAForeignSet(registry, child)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }
}
