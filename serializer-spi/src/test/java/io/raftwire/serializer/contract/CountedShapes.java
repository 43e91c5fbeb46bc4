package io.raftwire.serializer.contract;

import io.raftwire.serializer.TypeRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * One registered type per counted shape (a collection, map or array count, a string or {@code byte[]} length), native
 * and walked, each with that shape as its only component {@code value}, and how to make an instance of {@code n}
 * elements (chars, bytes): what {@code SerializerContract} sends just under and just over max-elements.
 */
public final class CountedShapes {

    /** Id of the first type; they take consecutive ids in {@link #SHAPES} order, then {@link Item}. */
    public static final int FIRST_ID = 3100;

    /** An enum element type. */
    public enum Level {
        /** First. */
        LOW,
        /** Second. */
        HIGH
    }

    /** A registered value element type. */
    public record Item(long n) {
    }

    /** {@code List<String>}. */
    public record Strings(List<String> value) {
    }

    /** {@code Set<String>}. */
    public record StringSet(Set<String> value) {
    }

    /** {@code List<Level>}. */
    public record Levels(List<Level> value) {
    }

    /** {@code List<Item>}. */
    public record Items(List<Item> value) {
    }

    /** {@code String}. */
    public record Text(String value) {
    }

    /** {@code byte[]}. */
    public record Bytes(byte[] value) {
    }

    /** {@code long[]}. */
    public record Longs(long[] value) {
    }

    /** {@code List<Long>}. */
    public record BoxedLongs(List<Long> value) {
    }

    /** {@code Set<UUID>}. */
    public record Ids(Set<UUID> value) {
    }

    /** {@code Map<String, Long>}. */
    public record Counters(Map<String, Long> value) {
    }

    /** {@code int[]}. */
    public record Ints(int[] value) {
    }

    /** {@code short[]}. */
    public record Shorts(short[] value) {
    }

    /** {@code char[]}. */
    public record Chars(char[] value) {
    }

    /** {@code boolean[]}. */
    public record Flags(boolean[] value) {
    }

    /** {@code float[]}. */
    public record Floats(float[] value) {
    }

    /** {@code double[]}. */
    public record Doubles(double[] value) {
    }

    /** {@code String[]}. */
    public record Names(String[] value) {
    }

    /** {@code Item[]}. */
    public record ItemArray(Item[] value) {
    }

    /** {@code long[][]}: one row of {@code n}, a walked {@code long[]}. */
    public record Matrix(long[][] value) {
    }

    /** {@code Optional<String>}: a walked string. */
    public record MaybeText(Optional<String> value) {
    }

    /** {@code List<byte[]>}: one walked {@code byte[]}. */
    public record Chunks(List<byte[]> value) {
    }

    /** A shape: its type and an instance with {@code n} elements. */
    public record Shape(Class<?> type, IntFunction<Object> make) {
    }

    /** The shapes, in id order. */
    public static final List<Shape> SHAPES = List.of(
            new Shape(Strings.class, n -> new Strings(names(n))),
            new Shape(StringSet.class, n -> new StringSet(new LinkedHashSet<>(names(n)))),
            new Shape(Levels.class, n -> new Levels(IntStream.range(0, n).mapToObj(i -> Level.values()[i % 2])
                    .toList())),
            new Shape(Items.class, n -> new Items(IntStream.range(0, n).mapToObj(Item::new).toList())),
            new Shape(Text.class, n -> new Text("x".repeat(n))),
            new Shape(Bytes.class, n -> new Bytes(new byte[n])),
            new Shape(Longs.class, n -> new Longs(new long[n])),
            new Shape(BoxedLongs.class, n -> new BoxedLongs(IntStream.range(0, n).mapToObj(i -> (long) i).toList())),
            new Shape(Ids.class, n -> new Ids(new LinkedHashSet<>(IntStream.range(0, n).mapToObj(i -> new UUID(i, i))
                    .toList()))),
            new Shape(Counters.class, n -> {
                Map<String, Long> m = new LinkedHashMap<>();
                names(n).forEach(k -> m.put(k, 1L));
                return new Counters(m);
            }),
            new Shape(Ints.class, n -> new Ints(new int[n])),
            new Shape(Shorts.class, n -> new Shorts(new short[n])),
            new Shape(Chars.class, n -> new Chars(new char[n])),
            new Shape(Flags.class, n -> new Flags(new boolean[n])),
            new Shape(Floats.class, n -> new Floats(new float[n])),
            new Shape(Doubles.class, n -> new Doubles(new double[n])),
            new Shape(Names.class, n -> new Names(names(n).toArray(String[]::new))),
            new Shape(ItemArray.class, n -> new ItemArray(IntStream.range(0, n).mapToObj(Item::new)
                    .toArray(Item[]::new))),
            new Shape(Matrix.class, n -> new Matrix(new long[][] {new long[n]})),
            new Shape(MaybeText.class, n -> new MaybeText(Optional.of("y".repeat(n)))),
            new Shape(Chunks.class, n -> new Chunks(new ArrayList<>(List.of(new byte[n])))));

    private CountedShapes() {
    }

    /** A registry of exactly these types. */
    public static TypeRegistry registry() {
        TypeRegistry.Builder b = TypeRegistry.builder();
        for (int i = 0; i < SHAPES.size(); i++) {
            b.register(FIRST_ID + i, SHAPES.get(i).type());
        }
        return b.register(FIRST_ID + SHAPES.size(), Item.class).build();
    }

    private static List<String> names(int n) {
        return Arrays.asList(IntStream.range(0, n).mapToObj(i -> "k" + i).toArray(String[]::new));
    }
}
