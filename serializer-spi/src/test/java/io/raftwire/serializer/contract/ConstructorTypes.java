package io.raftwire.serializer.contract;

import io.raftwire.serializer.DecodeThrough;
import io.raftwire.serializer.TypeRegistry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Constructors as applications write them, to pin when decoding goes through a constructor: ones that change their
 * arguments (normalise, sort, trim, copy into another class) and ones that store them unchanged after checks. None of
 * them may change a value on a round trip; the unchanged ones keep their checks on decode.
 */
public final class ConstructorTypes {

    /** Id of the first class; they take consecutive ids in {@link #CLASSES} order. */
    public static final int FIRST_ID = 5000;

    /** Every class, in id order. */
    public static final List<Class<?>> CLASSES = List.of(NamespacedKey.class, SortedTags.class, TrimmedName.class,
            CopiedItems.class, LowerCaseRecord.class, SortedRecord.class, TrimmedRecord.class, CopiedRecord.class,
            PrefixedRecord.class, CheckedEndpoint.class, CheckedRecord.class, MarkedRange.class,
            NotFinalFields.class);

    private ConstructorTypes() {
    }

    /** The catalog and these classes. */
    public static TypeRegistry registry() {
        TypeRegistry.Builder b = TypeRegistry.builder();
        for (int i = 0; i < CLASSES.size(); i++) {
            b.register(FIRST_ID + i, CLASSES.get(i));
        }
        return b.build();
    }

    /** One instance of every class but {@link PrefixedRecord}, each built through its public constructor. */
    public static List<Object> values() {
        return List.of(new NamespacedKey("user/42"), new SortedTags(List.of("b", "c", "a")),
                new TrimmedName("  Ada  "), new CopiedItems(List.of("x", "y")), new LowerCaseRecord("MiXeD"),
                new SortedRecord(new ArrayList<>(List.of(3L, 1L, 2L))), new TrimmedRecord(" padded "),
                new CopiedRecord(List.of("p", "q"), new int[] {1, 2}), new CheckedEndpoint("db-1", 5432),
                new CheckedRecord("k", 7), new MarkedRange(1, 9), new NotFinalFields("n", 3));
    }

    /** Prefixes a namespace: decoding through this constructor would turn ns/user/42 into ns/ns/user/42. */
    public static final class NamespacedKey {
        private final String key;

        /** @param key without the namespace */
        public NamespacedKey(String key) {
            this.key = "ns/" + key;
        }

        /** With the namespace. */
        public String key() {
            return key;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NamespacedKey k && key.equals(k.key);
        }

        @Override
        public int hashCode() {
            return key.hashCode();
        }

        @Override
        public String toString() {
            return "NamespacedKey[" + key + "]";
        }
    }

    /** Sorts into a new list. */
    public static final class SortedTags {
        private final List<String> tags;

        /** @param tags in any order */
        public SortedTags(List<String> tags) {
            List<String> copy = new ArrayList<>(tags);
            Collections.sort(copy);
            this.tags = Collections.unmodifiableList(copy);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof SortedTags t && tags.equals(t.tags);
        }

        @Override
        public int hashCode() {
            return tags.hashCode();
        }
    }

    /** Trims. */
    public static final class TrimmedName {
        private final String name;

        /** @param name with or without surrounding blanks */
        public TrimmedName(String name) {
            this.name = name.trim();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof TrimmedName t && name.equals(t.name);
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    /** Copies defensively into a class of its own choosing. */
    public static final class CopiedItems {
        private final List<String> items;

        /** @param items copied */
        public CopiedItems(List<String> items) {
            this.items = new ArrayList<>(items);
        }

        /** The items, the mutable copy this class keeps. */
        public List<String> items() {
            return items;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CopiedItems c && items.equals(c.items);
        }

        @Override
        public int hashCode() {
            return items.hashCode();
        }
    }

    /** A record whose compact constructor lower-cases (idempotent). */
    public record LowerCaseRecord(String code) {
        /** Lower-cases. */
        public LowerCaseRecord {
            code = code.toLowerCase(Locale.ROOT);
        }
    }

    /** A record whose compact constructor sorts into a new list (idempotent). */
    public record SortedRecord(List<Long> values) {
        /** Sorts a copy. */
        public SortedRecord {
            List<Long> copy = new ArrayList<>(values);
            Collections.sort(copy);
            values = List.copyOf(copy);
        }
    }

    /** A record whose compact constructor trims (idempotent). */
    public record TrimmedRecord(String text) {
        /** Trims. */
        public TrimmedRecord {
            text = text.strip();
        }
    }

    /** A record that copies defensively, as records should. */
    public record CopiedRecord(List<String> names, int[] counts) {
        /** Copies. */
        public CopiedRecord {
            names = List.copyOf(names);
            counts = counts.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CopiedRecord r && names.equals(r.names) && Arrays.equals(counts, r.counts);
        }

        @Override
        public int hashCode() {
            return names.hashCode() * 31 + Arrays.hashCode(counts);
        }
    }

    /**
     * A record whose compact constructor prefixes (not idempotent): it cannot travel, since a record can only be built
     * through its canonical constructor; decoding refuses it rather than changing it.
     */
    public record PrefixedRecord(String key) {
        /** Prefixes. */
        public PrefixedRecord {
            key = "ns/" + key;
        }
    }

    /** Stores its arguments unchanged after checks: decoded through its constructor, so the checks run on decode. */
    public static final class CheckedEndpoint {
        private final String host;
        private final int port;

        /**
         * @param host not blank
         * @param port 1..65535
         */
        public CheckedEndpoint(String host, int port) {
            if (host == null || host.isBlank()) {
                throw new IllegalArgumentException("host must not be blank");
            }
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("port " + port + " is out of range (expected: 1..65535)");
            }
            this.host = host;
            this.port = port;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof CheckedEndpoint e && host.equals(e.host) && port == e.port;
        }

        @Override
        public int hashCode() {
            return Objects.hash(host, port);
        }
    }

    /** A record that only checks: its canonical constructor is shown to store its arguments unchanged. */
    public record CheckedRecord(String name, int count) {
        /** Checks. */
        public CheckedRecord {
            Objects.requireNonNull(name, "name");
            if (count < 0) {
                throw new IllegalArgumentException("count " + count + " is negative (expected: >= 0)");
            }
        }
    }

    /** Checks through a helper the bytecode check does not follow, so the user marks the constructor. */
    public static final class MarkedRange {
        private final long low;
        private final long high;

        /**
         * @param low  at most high
         * @param high at least low
         */
        @DecodeThrough
        public MarkedRange(long low, long high) {
            requireOrdered(low, high);
            this.low = low;
            this.high = high;
        }

        private static void requireOrdered(long low, long high) {
            if (low > high) {
                throw new IllegalArgumentException("range " + low + ".." + high + " is reversed (expected: low <= high)");
            }
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof MarkedRange r && low == r.low && high == r.high;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(low) * 31 + Long.hashCode(high);
        }
    }

    /** Stores its arguments unchanged, but into fields that are not final: decoded field by field. */
    public static final class NotFinalFields {
        private String name;
        private int size;

        /**
         * @param name any
         * @param size any
         */
        public NotFinalFields(String name, int size) {
            this.name = name;
            this.size = size;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NotFinalFields n && Objects.equals(name, n.name) && size == n.size;
        }

        @Override
        public int hashCode() {
            return Objects.hash(name, size);
        }
    }
}
