package io.raftwire.serializer.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The one table of the JDK types a registered class may hold, and of the JDK types and values refused with their
 * reasons. {@link TypeIntrospector} takes every declared JDK type's kind (and container) from {@link #supported()},
 * and every refusal text of {@link #refused()} from here; {@link ShapeCodec} takes the texts of its refusals of new
 * kinds at encode from here too. serializer-spi's README renders the same table ({@link #markdown()}), and a test
 * fails when the README's copy differs, so the code and the document cannot drift.
 *
 * <p>Immutable and thread-safe.
 */
public final class JdkTypes {

    /**
     * One supported declared type (or family of them).
     *
     * @param javaTypes the declared types, as the README shows them
     * @param classes   the declared classes this row stands for, looked up by {@link #find}; empty for a family
     *                  decided by a rule (enums, arrays, your own classes)
     * @param kind      the {@link Kind} a place of this type has
     * @param container what a collection or map decodes into; {@code null} for any other kind
     * @param wire      the layout of a value, in {@link WireSink} tokens (the place's null marker aside, see
     *                  {@link ShapeCodec})
     * @param note      what decoding gives and what a user might not expect
     */
    public record Supported(String javaTypes, List<Class<?>> classes, Kind kind, Container container, String wire,
            String note) {
    }

    /**
     * One refusal: a declared type refused when the class is registered, or a value refused when it is encoded.
     *
     * @param what      the refused type or value, as the README shows it
     * @param classes   for a refused declared type: the class names it stands for (by name, so that no module need
     *                  be loaded to refuse one); empty for a value refused at encode or a rule
     * @param atEncode  whether this refusal happens at encode (a value) rather than at registration (a declaration)
     * @param reason    the reason, as the refusal message gives it
     */
    public record Refused(String what, List<String> classes, boolean atEncode, String reason) {

        /** The message of this refusal at encode: {@code "<label> holds a <value's class>, <reason>"}. */
        IllegalArgumentException of(String label, Object value) {
            return new IllegalArgumentException(label + " holds a " + value.getClass().getTypeName() + ", " + reason);
        }
    }

    /** The classes a {@link Kind#NUMBER} place carries, in tag order: tag {@code i + 1} is class {@code i}. */
    public static final List<Class<?>> NUMBER_CLASSES = List.of(Byte.class, Short.class, Integer.class, Long.class,
            Float.class, Double.class, BigInteger.class, BigDecimal.class);

    private static final String NUMBER_TAGS = NUMBER_CLASSES.stream().map(c -> (NUMBER_CLASSES.indexOf(c) + 1)
            + " " + c.getSimpleName()).collect(Collectors.joining(", "));

    private static final String COUNTED = "`count + 1` (0 null), then each element's body";

    private static final List<Supported> SUPPORTED = List.of(
            row("`boolean`, `Boolean`", Kind.BOOLEAN, "one long: 0 or 1", "a primitive is never null, a box may be",
                    boolean.class, Boolean.class),
            row("`byte`, `Byte`", Kind.BYTE, "one long", "range-checked on decode", byte.class, Byte.class),
            row("`short`, `Short`", Kind.SHORT, "one long", "range-checked on decode", short.class, Short.class),
            row("`char`, `Character`", Kind.CHAR, "one long", "any UTF-16 unit, a lone surrogate too", char.class,
                    Character.class),
            row("`int`, `Integer`", Kind.INT, "one long", "range-checked on decode", int.class, Integer.class),
            row("`long`, `Long`", Kind.LONG, "one long", "", long.class, Long.class),
            row("`float`, `Float`", Kind.FLOAT, "fixed32: the raw IEEE 754 bits", "NaN payloads kept", float.class,
                    Float.class),
            row("`double`, `Double`", Kind.DOUBLE, "fixed64: the raw IEEE 754 bits", "NaN payloads kept",
                    double.class, Double.class),
            row("`String`", Kind.STRING, "one string token", "an unpaired surrogate is refused at encode",
                    String.class),
            row("`CharSequence`", Kind.CHAR_SEQUENCE, "one string token", "carries a `String` only, decoded"
                    + " as a `String`", CharSequence.class),
            row("`byte[]`", Kind.BYTES, "one bytes token", "", byte[].class),
            row("`long[]`", Kind.LONGS, COUNTED, "", long[].class),
            row("`boolean[]`, `short[]`, `char[]`, `int[]`, `float[]`, `double[]`", Kind.ARRAY, COUNTED, "",
                    boolean[].class, short[].class, char[].class, int[].class, float[].class, double[].class),
            rule("`T[]` of any other supported type that is not generic: `String[]`, `Object[]`, `long[][]`,"
                    + " `int[][]`, `byte[][]`, arrays of enums or registered values, nested to any depth",
                    Kind.OBJECT_ARRAY, COUNTED,
                    "elements never null; decodes as the declared array class"),
            row("`UUID`", Kind.UUID, "two fixed64: most, then least significant bits", "", UUID.class),
            row("`Instant`", Kind.INSTANT, "two longs: epoch seconds, nanoseconds", "", Instant.class),
            row("`Duration`", Kind.DURATION, "two longs: seconds, nanoseconds", "", Duration.class),
            row("`LocalDate`", Kind.LOCAL_DATE, "one long: epoch day", "", LocalDate.class),
            row("`LocalTime`", Kind.LOCAL_TIME, "one long: nanosecond of day", "", LocalTime.class),
            row("`LocalDateTime`", Kind.LOCAL_DATE_TIME, "two longs: epoch day, nanosecond of day", "",
                    LocalDateTime.class),
            row("`Date`", Kind.DATE, "one long: milliseconds since the epoch", "exactly `java.util.Date`; a subclass"
                    + " is refused at encode", Date.class),
            row("`BigInteger`", Kind.BIG_INTEGER, "one bytes token: two's complement", "", BigInteger.class),
            row("`BigDecimal`", Kind.BIG_DECIMAL, "bytes of the unscaled value, then the scale as a long", "",
                    BigDecimal.class),
            row("`Number`", Kind.NUMBER, "a long tag naming the class (" + NUMBER_TAGS + "; 0 null), then that"
                    + " class's body", "decodes as the same class; any other `Number` is refused at encode",
                    Number.class),
            row("`AtomicLong`", Kind.ATOMIC_LONG, "one long", "decodes as a new `AtomicLong` holding the value",
                    AtomicLong.class),
            row("`AtomicInteger`", Kind.ATOMIC_INTEGER, "one long", "decodes as a new `AtomicInteger` holding the"
                    + " value", AtomicInteger.class),
            row("`AtomicBoolean`", Kind.ATOMIC_BOOLEAN, "one long: 0 or 1", "decodes as a new `AtomicBoolean`"
                    + " holding the value", AtomicBoolean.class),
            row("`Optional<T>`", Kind.OPTIONAL, "0 empty or 1 then the content's body (0 null, 1 empty, 2 present"
                    + " in a nullable place)", "the content is never null", Optional.class),
            rule("an enum", Kind.ENUM, "one long: the ordinal (ordinal + 1, 0 null, in a nullable place)",
                    "constant order is the wire format"),
            list("`List<E>`, `Collection<E>`", Container.LIST, "an unmodifiable list; a `Collection` place carries"
                    + " a `List` only", List.class, Collection.class),
            list("`ArrayList<E>`", Container.ARRAY_LIST, "", ArrayList.class),
            list("`LinkedList<E>`", Container.LINKED_LIST, "", LinkedList.class),
            list("`CopyOnWriteArrayList<E>`", Container.COPY_ON_WRITE_ARRAY_LIST, "", CopyOnWriteArrayList.class),
            list("`Set<E>`", Container.SET, "an unmodifiable set in encoded order", Set.class),
            list("`HashSet<E>`", Container.HASH_SET, "", HashSet.class),
            list("`LinkedHashSet<E>`", Container.LINKED_HASH_SET, "", LinkedHashSet.class),
            list("`SortedSet<E>`, `NavigableSet<E>`", Container.SORTED_SET, "an unmodifiable set in natural order;"
                    + " elements must be comparable, a set sorted by a comparator is refused at encode",
                    SortedSet.class, NavigableSet.class),
            list("`TreeSet<E>`", Container.TREE_SET, "natural order, as `SortedSet`", TreeSet.class),
            list("`ConcurrentSkipListSet<E>`", Container.CONCURRENT_SKIP_LIST_SET, "natural order, as `SortedSet`",
                    ConcurrentSkipListSet.class),
            list("`EnumSet<E>`", Container.ENUM_SET, "an `EnumSet` of the declared enum type, an empty one too",
                    EnumSet.class),
            list("`Map<K, V>`", Container.MAP, "an unmodifiable map in encoded order", Map.class),
            list("`HashMap<K, V>`", Container.HASH_MAP, "", HashMap.class),
            list("`LinkedHashMap<K, V>`", Container.LINKED_HASH_MAP, "", LinkedHashMap.class),
            list("`SortedMap<K, V>`, `NavigableMap<K, V>`", Container.SORTED_MAP, "an unmodifiable map in natural"
                    + " key order; keys must be comparable, a map sorted by a comparator is refused at encode",
                    SortedMap.class, NavigableMap.class),
            list("`TreeMap<K, V>`", Container.TREE_MAP, "natural key order, as `SortedMap`", TreeMap.class),
            list("`ConcurrentMap<K, V>`, `ConcurrentHashMap<K, V>`", Container.CONCURRENT_HASH_MAP, "a"
                    + " `ConcurrentHashMap`", ConcurrentMap.class, ConcurrentHashMap.class),
            list("`ConcurrentNavigableMap<K, V>`, `ConcurrentSkipListMap<K, V>`", Container.CONCURRENT_SKIP_LIST_MAP,
                    "a `ConcurrentSkipListMap`, natural key order, as `SortedMap`", ConcurrentNavigableMap.class,
                    ConcurrentSkipListMap.class),
            list("`EnumMap<K, V>`", Container.ENUM_MAP, "an `EnumMap` of the declared enum key type, an empty one"
                    + " too", EnumMap.class),
            rule("a registered final class or record", Kind.VALUE, "the value's components (no type id)", ""),
            new Supported("`Object`, an interface, an abstract or non-final class of your own", List.of(Object.class),
                    Kind.POLYMORPHIC, null, "the value's registered type id (0 null), then its components",
                    "registered classes assignable to the declaration only"));

    /** A {@code Date} subclass in a {@code Date} place, refused at encode. */
    static final Refused DATE_SUBCLASS = new Refused("a subclass of `Date` (`java.sql.Timestamp`, ...) in a `Date`"
            + " place", List.of(), true, "a subclass of java.util.Date, which would decode as a plain Date without"
            + " its own state (expected: exactly a java.util.Date; declare an Instant to carry nanoseconds)");
    /** A {@code Number} of another class in a {@code Number} place, refused at encode. */
    static final Refused OTHER_NUMBER = new Refused("a `Number` other than " + NUMBER_CLASSES.stream()
            .map(c -> "`" + c.getSimpleName() + "`").collect(Collectors.joining(", ")) + " in a `Number` place",
            List.of(), true, "a Number of a class a Number place does not carry; it would not decode equal"
            + " (expected: " + NUMBER_CLASSES.stream().map(Class::getSimpleName).collect(Collectors.joining(", "))
            + "; declare an AtomicLong or AtomicInteger field as such)");
    /** Anything but a {@code String} in a {@code CharSequence} place, refused at encode. */
    static final Refused OTHER_CHAR_SEQUENCE = new Refused("a `CharSequence` other than `String`"
            + " (`StringBuilder`, ...) in a `CharSequence` place", List.of(), true, "a CharSequence that is not a"
            + " String, which would decode as a String not equal to it (expected: a String; call toString() first)");
    /** An array of another class than the declared one, refused at encode. */
    static final Refused OTHER_ARRAY_CLASS = new Refused("an array of another class than the declared one (a"
            + " `String[]` in an `Object[]` field)", List.of(), true, "an array of another class than the declared"
            + " one, which would decode as the declared class (expected: exactly the declared array class)");

    /** A null element of an array, refused at encode; the message is {@code "<label> holds " + reason}. */
    static final Refused NULL_ARRAY_ELEMENT = new Refused("a null element of an array", List.of(), true, "a null"
            + " element (expected: none; arrays, like collections, maps and Optional, never carry null)");

    /** The refusal of a generic array declaration. */
    static final Refused GENERIC_ARRAY = new Refused("a generic array (`List<String>[]`, `T[]`)", List.of(), false,
            "a generic array (expected: List<List<String>> or an array of a concrete type)");

    private static final List<Refused> REFUSED = List.of(
            new Refused("`CopyOnWriteArraySet<E>`", List.of("java.util.concurrent.CopyOnWriteArraySet"), false,
                    "building one costs time quadratic in its size, so a hostile count could stall the reader"
                    + " (expected: Set<E> or LinkedHashSet<E>, copied into a CopyOnWriteArraySet after decode)"),
            new Refused("`java.sql.Timestamp`, `java.sql.Date`, `java.sql.Time`", List.of("java.sql.Timestamp",
                    "java.sql.Date", "java.sql.Time"), false, "a subclass of java.util.Date with meaning or state of"
                    + " its own (expected: Instant, LocalDate, LocalTime or LocalDateTime)"),
            new Refused("`StringBuilder`, `StringBuffer`", List.of("java.lang.StringBuilder",
                    "java.lang.StringBuffer"), false, "a mutable buffer whose equals is identity, so no decoded one"
                    + " equals the original (expected: String)"),
            new Refused("`IdentityHashMap<K, V>`, `WeakHashMap<K, V>`", List.of("java.util.IdentityHashMap",
                    "java.util.WeakHashMap"), false, "keys compared by identity or held weakly, which no decoded map"
                    + " reproduces (expected: Map<K, V> or HashMap<K, V>)"),
            new Refused("`AtomicReference<V>`, `AtomicLongArray`, `AtomicIntegerArray`, `LongAdder`, `DoubleAdder`",
                    List.of("java.util.concurrent.atomic.AtomicReference", "java.util.concurrent.atomic"
                    + ".AtomicLongArray", "java.util.concurrent.atomic.AtomicIntegerArray",
                    "java.util.concurrent.atomic.LongAdder", "java.util.concurrent.atomic.DoubleAdder"), false,
                    "not carried (expected: the plain value, long[], int[], or AtomicLong/AtomicInteger/"
                    + "AtomicBoolean)"),
            GENERIC_ARRAY,
            new Refused("any other JDK class, collection or map (`Thread`, `Calendar`, `Queue`, `Vector`, ...)",
                    List.of(), false, "not a supported type: the message lists every supported type and, for a"
                    + " collection or map, names the interface to declare instead"),
            OTHER_ARRAY_CLASS,
            NULL_ARRAY_ELEMENT,
            DATE_SUBCLASS, OTHER_NUMBER, OTHER_CHAR_SEQUENCE,
            new Refused("a null element, key or value of a collection or map, or a null `Optional` content", List.of(),
                    true, Elements.nullElement("").substring(" holds ".length())),
            new Refused("a collection that is not a `List` in a place declared `Collection`", List.of(), true,
                    "which would decode as a list not equal to it (expected: a List; declare the field Set<E> to carry"
                    + " a set)"),
            new Refused("a set or map sorted by its own comparator in a place declared sorted", List.of(), true,
                    "which cannot travel (expected: natural order; a decoded sorted collection uses it)"),
            new Refused("a set holding two elements (a map two keys) equal by `equals`", List.of(), true, "which the"
                    + " receiver would refuse (expected: elements distinct by equals; an identity-based set or map, or"
                    + " a comparator finer than equals, can hold equal ones)"),
            new Refused("a string holding an unpaired surrogate", List.of(), true, "which UTF-8 cannot carry"
                    + " (expected: well-formed UTF-16, every surrogate half of a pair)"),
            new Refused("a value of an unregistered class in a place declared `Object`, an interface or a non-final"
                    + " class", List.of(), true, "which is not registered; register the class itself, a registered"
                    + " superclass does not cover it"));

    private JdkTypes() {
    }

    /** Every supported declared type, in the README's order. */
    public static List<Supported> supported() {
        return SUPPORTED;
    }

    /**
     * Every refused JDK type and value, in the README's order: the declared types refused at registration, then the
     * values refused at encode (the reason of each is the fixed part of its message, which {@code JdkTypesTest} checks
     * against the code's own message).
     */
    public static List<Refused> refused() {
        return REFUSED;
    }

    /** The row of a declared (erased) class, or {@code null} if no row names it. */
    static Supported find(Class<?> declared) {
        for (Supported s : SUPPORTED) {
            if (s.classes().contains(declared)) {
                return s;
            }
        }
        return null;
    }

    /** The refusal of a declared JDK class named in {@link #refused()}, or {@code null}. */
    static Refused refusalOf(Class<?> declared) {
        for (Refused r : REFUSED) {
            if (r.classes().contains(declared.getName())) {
                return r;
            }
        }
        return null;
    }

    /** One line naming every supported type, for registration refusals. */
    static String summary() {
        return SUPPORTED.stream().map(s -> s.javaTypes().replace("`", "")).collect(Collectors.joining("; "));
    }

    /**
     * The README block: the supported table, then the refused one; in a reason, {@code <} is written {@code &lt;} so
     * that Markdown shows {@code Set<E>} rather than taking {@code <E>} for a tag.
     */
    public static String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("| declared type | kind | wire form | decodes as / note |\n|---|---|---|---|\n");
        for (Supported s : SUPPORTED) {
            md.append("| ").append(s.javaTypes()).append(" | ").append(s.kind())
                    .append(s.container() == null ? "" : " (" + s.container() + ")").append(" | ")
                    .append(s.wire()).append(" | ").append(s.note().isEmpty() ? "as declared" : s.note())
                    .append(" |\n");
        }
        md.append("\n| refused | when | reason given |\n|---|---|---|\n");
        for (Refused r : REFUSED) {
            md.append("| ").append(r.what()).append(" | ").append(r.atEncode() ? "at encode" : "at registration")
                    .append(" | ").append(r.reason().replace("<", "&lt;")).append(" |\n");
        }
        return md.toString();
    }

    private static Supported row(String javaTypes, Kind kind, String wire, String note, Class<?>... classes) {
        return new Supported(javaTypes, List.of(classes), kind, null, wire, note);
    }

    private static Supported rule(String javaTypes, Kind kind, String wire, String note) {
        return new Supported(javaTypes, List.of(), kind, null, wire, note);
    }

    private static Supported list(String javaTypes, Container container, String note, Class<?>... classes) {
        Kind kind = container.isMap() ? Kind.MAP : container.isSet() ? Kind.SET : Kind.LIST;
        return new Supported(javaTypes, List.of(classes), kind, container, container.isMap() ? "`count + 1` (0 null),"
                + " then each entry's key body and value body" : COUNTED, note);
    }
}
