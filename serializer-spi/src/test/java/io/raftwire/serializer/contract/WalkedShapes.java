package io.raftwire.serializer.contract;

import io.raftwire.serializer.TypeRegistry;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;

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
            Ints.class, Doubles.class, Sorted.class, Names.class, Matrix.class, ByRole.class, Listeners.class,
            Skip.class);

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

    /** {@code String[]}. */
    public record Names(String[] values) {
    }

    /** {@code long[][]}. */
    public record Matrix(long[][] values) {
    }

    /** An enum key type for {@link ByRole}. */
    public enum Role {
        /** First. */
        LEADER,
        /** Second. */
        FOLLOWER
    }

    /** {@code EnumMap<Role, String>}. */
    public record ByRole(EnumMap<Role, String> values) {
    }

    /** {@code CopyOnWriteArrayList<Long>}. */
    public record Listeners(CopyOnWriteArrayList<Long> values) {
    }

    /** {@code ConcurrentSkipListMap<String, Long>}. */
    public record Skip(ConcurrentSkipListMap<String, Long> values) {
    }
}
