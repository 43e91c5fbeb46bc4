package io.raftwire.serializer.contract;

import io.raftwire.serializer.TypeRegistry;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.UUID;

/**
 * One registered type per counted walked shape, each with that shape as its only component, so that the first token
 * of every payload is the shape's {@code count + 1}: what a provider's {@link SerializerContract#oneTokenPayload}
 * forges to prove that every count is checked before anything is sized.
 */
public final class WalkedShapes {

    /** Id of the first type; they take consecutive ids in {@link #TYPES} order. */
    public static final int FIRST_ID = 3000;

    /** The types, in id order, with the label their refusals name. */
    public static final List<Class<?>> TYPES = List.of(Longs.class, Strings.class, Ids.class, Nested.class,
            Ints.class, Doubles.class, Sorted.class);

    private WalkedShapes() {
    }

    /** A registry of exactly these types (and the catalog). */
    public static TypeRegistry registry() {
        TypeRegistry.Builder b = TypeRegistry.builder();
        for (int i = 0; i < TYPES.size(); i++) {
            b.register(FIRST_ID + i, TYPES.get(i));
        }
        return b.build();
    }

    /** {@code List<Long>}. */
    public record Longs(List<Long> values) {
    }

    /** {@code Map<String, String>}. */
    public record Strings(Map<String, String> values) {
    }

    /** {@code Set<UUID>}. */
    public record Ids(Set<UUID> values) {
    }

    /** {@code List<List<Long>>}. */
    public record Nested(List<List<Long>> values) {
    }

    /** {@code int[]}. */
    public record Ints(int[] values) {
    }

    /** {@code double[]}. */
    public record Doubles(double[] values) {
    }

    /** {@code SortedMap<Long, byte[]>}. */
    public record Sorted(SortedMap<Long, byte[]> values) {
    }
}
