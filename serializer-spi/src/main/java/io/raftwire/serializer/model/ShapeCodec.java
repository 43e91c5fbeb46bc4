package io.raftwire.serializer.model;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.Collection;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How every {@link Shape} is written and read: the one description of the layout, which each provider maps through
 * its {@link WireSink} and {@link WireSource}. (The shapes a provider writes natively, {@link Component#walked()}
 * {@code == false}, keep the layout documented on the provider; everything else goes through here.)
 *
 * <p><b>Layout</b>, in {@link WireSink} tokens. A <i>place</i> is a component, an {@code Optional}'s content, an
 * element, key or value. A place of a primitive type holds its body. A place of a reference type holds:
 * <ul>
 *   <li>{@code ENUM}: {@code ordinal + 1}, 0 for null;</li>
 *   <li>{@code POLYMORPHIC}: the value's registered type id, 0 for null, then the value;</li>
 *   <li>{@code LIST}, {@code SET}, {@code MAP}, {@code ARRAY}, {@code OBJECT_ARRAY}, {@code long[]}:
 *       {@code count + 1}, 0 for null, then the elements (a map's entries key first), each a body; sets and maps in
 *       iteration order (an {@code EnumSet}'s and {@code EnumMap}'s is ordinal order);</li>
 *   <li>{@code NUMBER}: the tag of the value's class ({@link JdkTypes#NUMBER_CLASSES}: 1 {@code Byte} .. 8
 *       {@code BigDecimal}), 0 for null, then that class's body;</li>
 *   <li>{@code OPTIONAL}: 0 for a null reference, 1 for empty, 2 then the content's body;</li>
 *   <li>anything else: 1 then the body, or 0 for null.</li>
 * </ul>
 * Elements, keys, values and an {@code Optional}'s content are never null, so they hold the body alone (for an enum
 * the ordinal, for a polymorphic value the id then the value, for a container the count then the elements). Bodies:
 * integral numbers and {@code char} one {@code writeLong}; {@code boolean} 0 or 1; {@code float}/{@code double}
 * their raw bits ({@code writeFixed32}/{@code writeFixed64}); {@code String} and {@code byte[]} one token;
 * {@code UUID} two fixed64 (most significant first); {@code Instant}/{@code Duration} seconds then nanoseconds;
 * {@code LocalDate} the epoch day; {@code LocalTime} the nanosecond of day; {@code LocalDateTime} both;
 * {@code BigInteger} its two's-complement bytes; {@code BigDecimal} the unscaled bytes then the scale; a registered
 * {@code VALUE} {@code writeValue}; {@code AtomicLong}/{@code AtomicInteger} the value and {@code AtomicBoolean} 0 or
 * 1, one {@code writeLong}; {@code Date} its milliseconds since the epoch, one {@code writeLong}; a
 * {@code CharSequence} (a {@code String}, nothing else) one string token. An array's elements are never null, like a
 * collection's. {@link JdkTypes} is the table of these types, and of what is refused and why.
 *
 * <p><b>Writing</b> refuses a count above {@link WireSink#maxElements()} with the message reading it would give
 * ({@link Bounds#checkEncodeCount}).
 *
 * <p><b>Reading</b> checks every token: counts with {@link Bounds#checkCount} against {@link WireSource#remaining()}
 * and the element limit before anything is sized ({@link Container#newContainer}); arrays grow with the elements
 * actually read; a repeated set element or map key, an out-of-range number, ordinal, date or nanosecond, an unknown or
 * misplaced type id are refused with a {@link MalformedPayloadException} naming the place.
 *
 * <p>Stateless and thread-safe. Recursion is one Java frame per nested container; registered values nest through the
 * provider, which checks the configured depth.
 */
public final class ShapeCodec {

    /** Arrays are sized for at most this many elements before they are read, then grow with what is there. */
    private static final int FIRST_ARRAY_CHUNK = 1024;

    /** The body shape of each {@link Kind#NUMBER} tag, in {@link JdkTypes#NUMBER_CLASSES} order. */
    private static final Shape[] NUMBER_SHAPES = JdkTypes.NUMBER_CLASSES.stream()
            .map(c -> new Shape(JdkTypes.find(c).kind(), c, null, null, null)).toArray(Shape[]::new);

    private ShapeCodec() {
    }

    // ---- writing ----

    /**
     * Writes {@code value} in a place of this shape.
     *
     * @param label the place, for messages, e.g. {@code "Order.lines"}
     * @throws IllegalArgumentException if the value cannot be written: a null element, key or {@code Optional}
     *                                  content, an unregistered type, a sorted collection with a comparator
     */
    public static void write(Shape shape, Object value, WireSink out, String label) {
        if (!shape.nullable()) {
            writeBody(shape, value, out, label);
            return;
        }
        if (value == null) {
            out.writeLong(0);
            return;
        }
        switch (shape.kind()) {
            case ENUM -> out.writeLong(((Enum<?>) value).ordinal() + 1L);
            case POLYMORPHIC, LIST, SET, MAP, ARRAY, LONGS, OBJECT_ARRAY -> writeCounted(shape, value, out, label, 1);
            case NUMBER -> writeBody(shape, value, out, label);
            case OPTIONAL -> {
                Optional<?> o = (Optional<?>) value;
                out.writeLong(o.isPresent() ? 2 : 1);
                if (o.isPresent()) {
                    writeBody(shape.element(), o.get(), out, label);
                }
            }
            default -> {
                out.writeLong(1);
                writeBody(shape, value, out, label);
            }
        }
    }

    private static void writeBody(Shape shape, Object v, WireSink out, String label) {
        switch (shape.kind()) {
            case BOOLEAN -> out.writeLong((Boolean) v ? 1 : 0);
            case BYTE -> out.writeLong((Byte) v);
            case SHORT -> out.writeLong((Short) v);
            case CHAR -> out.writeLong((Character) v);
            case INT -> out.writeLong((Integer) v);
            case LONG -> out.writeLong((Long) v);
            case FLOAT -> out.writeFixed32(Float.floatToRawIntBits((Float) v));
            case DOUBLE -> out.writeFixed64(Double.doubleToRawLongBits((Double) v));
            case STRING -> out.writeString((String) v);
            case BYTES -> out.writeBytes((byte[]) v);
            case ENUM -> out.writeLong(((Enum<?>) v).ordinal());
            case UUID -> {
                UUID u = (UUID) v;
                out.writeFixed64(u.getMostSignificantBits());
                out.writeFixed64(u.getLeastSignificantBits());
            }
            case INSTANT -> {
                Instant i = (Instant) v;
                out.writeLong(i.getEpochSecond());
                out.writeLong(i.getNano());
            }
            case DURATION -> {
                Duration d = (Duration) v;
                out.writeLong(d.getSeconds());
                out.writeLong(d.getNano());
            }
            case LOCAL_DATE -> out.writeLong(((LocalDate) v).toEpochDay());
            case LOCAL_TIME -> out.writeLong(((LocalTime) v).toNanoOfDay());
            case LOCAL_DATE_TIME -> {
                LocalDateTime t = (LocalDateTime) v;
                out.writeLong(t.toLocalDate().toEpochDay());
                out.writeLong(t.toLocalTime().toNanoOfDay());
            }
            case BIG_INTEGER -> out.writeBytes(((BigInteger) v).toByteArray());
            case BIG_DECIMAL -> {
                BigDecimal d = (BigDecimal) v;
                out.writeBytes(d.unscaledValue().toByteArray());
                out.writeLong(d.scale());
            }
            case VALUE -> out.writeValue(shape.valueModel(), v);
            case ATOMIC_LONG -> out.writeLong(((AtomicLong) v).get());
            case ATOMIC_INTEGER -> out.writeLong(((AtomicInteger) v).get());
            case ATOMIC_BOOLEAN -> out.writeLong(((AtomicBoolean) v).get() ? 1 : 0);
            case DATE -> {
                if (v.getClass() != Date.class) {
                    throw JdkTypes.DATE_SUBCLASS.of(label, v);
                }
                out.writeLong(((Date) v).getTime());
            }
            case CHAR_SEQUENCE -> {
                if (!(v instanceof String s)) {
                    throw JdkTypes.OTHER_CHAR_SEQUENCE.of(label, v);
                }
                out.writeString(s);
            }
            case NUMBER -> writeNumber(v, out, label);
            case OPTIONAL -> {
                Optional<?> o = (Optional<?>) v;
                out.writeLong(o.isPresent() ? 1 : 0);
                if (o.isPresent()) {
                    writeBody(shape.element(), o.get(), out, label);
                }
            }
            default -> writeCounted(shape, v, out, label, 0);
        }
    }

    /** POLYMORPHIC (id, then value) and the counted kinds; {@code plus} is 1 in a nullable place, else 0. */
    private static void writeCounted(Shape shape, Object v, WireSink out, String label, int plus) {
        switch (shape.kind()) {
            case POLYMORPHIC -> {
                TypeModel m = shape.subtypeOf(label, v);
                out.writeLong(m.id());
                out.writeValue(m, v);
            }
            case LIST, SET -> {
                Collection<?> c = (Collection<?>) v;
                requireCarriable(shape.container(), c, label);
                Bounds.checkEncodeCount(c.size(), out.maxElements(), label, " count");
                out.writeLong(c.size() + (long) plus);
                Shape e = shape.element();
                if (Elements.isIndexed(c)) {
                    for (int k = 0, n = c.size(); k < n; k++) {
                        writeBody(e, Elements.requireElement(Elements.get(c, k), label), out, label);
                    }
                } else {
                    for (Object item : c) {
                        writeBody(e, Elements.requireElement(item, label), out, label);
                    }
                }
            }
            case MAP -> {
                Map<?, ?> m = (Map<?, ?>) v;
                if (shape.container().isSorted() && m instanceof SortedMap<?, ?> s && s.comparator() != null) {
                    throw noComparator(label, s.comparator());
                }
                Elements.requireDistinctKeys(m, label);
                Bounds.checkEncodeCount(m.size(), out.maxElements(), label, " count");
                out.writeLong(m.size() + (long) plus);
                for (Map.Entry<?, ?> entry : m.entrySet()) {
                    writeBody(shape.key(), Elements.requireElement(entry.getKey(), label + " key"), out, label);
                    writeBody(shape.element(), Elements.requireElement(entry.getValue(), label + " value"), out,
                            label);
                }
            }
            case LONGS -> {
                long[] a = (long[]) v;
                Bounds.checkEncodeCount(a.length, out.maxElements(), label, " count");
                out.writeLong(a.length + (long) plus);
                for (long x : a) {
                    out.writeLong(x);
                }
            }
            case ARRAY -> {
                Bounds.checkEncodeCount(Array.getLength(v), out.maxElements(), label, " count");
                writeArray(v, out, plus);
            }
            case OBJECT_ARRAY -> {
                if (v.getClass() != shape.javaType()) {
                    throw JdkTypes.OTHER_ARRAY_CLASS.of(label, v);
                }
                Object[] a = (Object[]) v;
                Bounds.checkEncodeCount(a.length, out.maxElements(), label, " count");
                out.writeLong(a.length + (long) plus);
                Shape e = shape.element();
                for (Object item : a) {
                    if (item == null) {
                        throw new IllegalArgumentException(label + " holds " + JdkTypes.NULL_ARRAY_ELEMENT.reason());
                    }
                    writeBody(e, item, out, label);
                }
            }
            default -> throw new IllegalStateException(label + " has kind " + shape.kind() + " (expected: a counted"
                    + " kind)");
        }
    }

    /**
     * A {@link Kind#NUMBER} body: the tag of the value's class ({@link JdkTypes#NUMBER_CLASSES}, from 1), then its
     * body as that class's kind writes it.
     */
    private static void writeNumber(Object v, WireSink out, String label) {
        int tag = JdkTypes.NUMBER_CLASSES.indexOf(v.getClass());
        if (tag < 0) {
            throw JdkTypes.OTHER_NUMBER.of(label, v);
        }
        out.writeLong(tag + 1L);
        writeBody(NUMBER_SHAPES[tag], v, out, label);
    }

    private static void writeArray(Object v, WireSink out, int plus) {
        if (v instanceof int[] a) {
            out.writeLong(a.length + (long) plus);
            for (int x : a) {
                out.writeLong(x);
            }
        } else if (v instanceof short[] a) {
            out.writeLong(a.length + (long) plus);
            for (short x : a) {
                out.writeLong(x);
            }
        } else if (v instanceof char[] a) {
            out.writeLong(a.length + (long) plus);
            for (char x : a) {
                out.writeLong(x);
            }
        } else if (v instanceof boolean[] a) {
            out.writeLong(a.length + (long) plus);
            for (boolean x : a) {
                out.writeLong(x ? 1 : 0);
            }
        } else if (v instanceof float[] a) {
            out.writeLong(a.length + (long) plus);
            for (float x : a) {
                out.writeFixed32(Float.floatToRawIntBits(x));
            }
        } else {
            double[] a = (double[]) v;
            out.writeLong(a.length + (long) plus);
            for (double x : a) {
                out.writeFixed64(Double.doubleToRawLongBits(x));
            }
        }
    }

    /**
     * Refuses a collection that would not decode equal to itself: anything but a {@code List} in a place declared
     * {@code Collection} (it decodes as a list, and a set or a queue never equals a list), and a set sorted by a
     * comparator of its own in a sorted place (it decodes in natural order), and a set holding equal elements (the
     * receiver refuses it, {@link Elements#requireDistinct}). A place declared {@code Set} decodes in encoded order,
     * so a comparator-sorted set there needs no comparator and travels.
     */
    private static void requireCarriable(Container container, Collection<?> c, String label) {
        if (container == Container.LIST && !(c instanceof List)) {
            throw new IllegalArgumentException(label + " is declared Collection and holds a " + c.getClass().getName()
                    + ", which would decode as a list not equal to it (expected: a List; declare the field Set<E> to"
                    + " carry a set)");
        }
        if (container.isSorted() && c instanceof SortedSet<?> s && s.comparator() != null) {
            throw noComparator(label, s.comparator());
        }
        Elements.requireDistinct(c, label);
    }

    private static IllegalArgumentException noComparator(String label, Object comparator) {
        return new IllegalArgumentException(label + " is sorted by a comparator (" + comparator.getClass().getName()
                + "), which cannot travel (expected: natural order; a decoded sorted collection uses it)");
    }

    // ---- reading ----

    /**
     * Reads a value from a place of this shape.
     *
     * @param label the place, for messages
     * @return the value, boxed for a primitive; collections and maps already in their {@link Container}
     * @throws MalformedPayloadException if the payload does not hold a valid value of this shape
     */
    public static Object read(Shape shape, WireSource in, String label) {
        if (!shape.nullable()) {
            return readBody(shape, in, label);
        }
        switch (shape.kind()) {
            case ENUM -> {
                long v = in.readLong();
                return v == 0 ? null : constant(shape, v - 1, label);
            }
            case POLYMORPHIC -> {
                long id = in.readLong();
                return id == 0 ? null : readPolymorphic(shape, id, in, label);
            }
            case LIST, SET, MAP, ARRAY, LONGS, OBJECT_ARRAY -> {
                long n = in.readLong();
                return n == 0 ? null : readCounted(shape, n - 1, in, label);
            }
            case NUMBER -> {
                long tag = in.readLong();
                return tag == 0 ? null : readNumber(tag, in, label);
            }
            case OPTIONAL -> {
                long v = in.readLong();
                if (v == 0) {
                    return null;
                }
                if (v != 1 && v != 2) {
                    throw new MalformedPayloadException(label + " optional marker = " + v
                            + " (expected: 0 null, 1 empty, 2 present)");
                }
                return v == 1 ? Optional.empty() : Optional.of(readBody(shape.element(), in, label));
            }
            default -> {
                long v = in.readLong();
                if (v != 0 && v != 1) {
                    throw new MalformedPayloadException(label + " presence = " + v + " (expected: 0 or 1)");
                }
                return v == 0 ? null : readBody(shape, in, label);
            }
        }
    }

    private static Object readBody(Shape shape, WireSource in, String label) {
        try {
            return switch (shape.kind()) {
                case BOOLEAN -> flag(in.readLong(), label);
                case BYTE -> (byte) ranged(in.readLong(), Byte.MIN_VALUE, Byte.MAX_VALUE, label);
                case SHORT -> (short) ranged(in.readLong(), Short.MIN_VALUE, Short.MAX_VALUE, label);
                case CHAR -> (char) ranged(in.readLong(), Character.MIN_VALUE, Character.MAX_VALUE, label);
                case INT -> (int) ranged(in.readLong(), Integer.MIN_VALUE, Integer.MAX_VALUE, label);
                case LONG -> in.readLong();
                case FLOAT -> Float.intBitsToFloat(in.readFixed32());
                case DOUBLE -> Double.longBitsToDouble(in.readFixed64());
                case STRING -> in.readString();
                case BYTES -> in.readBytes();
                case ENUM -> constant(shape, in.readLong(), label);
                case UUID -> new UUID(in.readFixed64(), in.readFixed64());
                case INSTANT -> Instant.ofEpochSecond(in.readLong(), nanos(in.readLong(), label));
                case DURATION -> Duration.ofSeconds(in.readLong(), nanos(in.readLong(), label));
                case LOCAL_DATE -> LocalDate.ofEpochDay(in.readLong());
                case LOCAL_TIME -> LocalTime.ofNanoOfDay(in.readLong());
                case LOCAL_DATE_TIME -> LocalDateTime.of(LocalDate.ofEpochDay(in.readLong()),
                        LocalTime.ofNanoOfDay(in.readLong()));
                case BIG_INTEGER -> new BigInteger(magnitude(in.readBytes(), label));
                case BIG_DECIMAL -> new BigDecimal(new BigInteger(magnitude(in.readBytes(), label)),
                        (int) ranged(in.readLong(), Integer.MIN_VALUE, Integer.MAX_VALUE, label));
                case VALUE -> in.readValue(shape.valueModel());
                case ATOMIC_LONG -> new AtomicLong(in.readLong());
                case ATOMIC_INTEGER -> new AtomicInteger((int) ranged(in.readLong(), Integer.MIN_VALUE,
                        Integer.MAX_VALUE, label));
                case ATOMIC_BOOLEAN -> new AtomicBoolean(flag(in.readLong(), label));
                case DATE -> new Date(in.readLong());
                case CHAR_SEQUENCE -> in.readString();
                case NUMBER -> readNumber(in.readLong(), in, label);
                case POLYMORPHIC -> readPolymorphic(shape, in.readLong(), in, label);
                case OPTIONAL -> {
                    long v = in.readLong();
                    if (v != 0 && v != 1) {
                        throw new MalformedPayloadException(label + " optional marker = " + v
                                + " (expected: 0 empty, 1 present)");
                    }
                    yield v == 0 ? Optional.empty() : Optional.of(readBody(shape.element(), in, label));
                }
                default -> readCounted(shape, in.readLong(), in, label);
            };
        } catch (DateTimeException | ArithmeticException e) {
            throw new MalformedPayloadException(label + " holds an invalid " + shape.javaType().getSimpleName()
                    + ": " + e.getMessage() + " (expected: a value its class accepts)");
        }
    }

    private static Object readPolymorphic(Shape shape, long id, WireSource in, String label) {
        TypeModel m = shape.subtypes().isEmpty() || id <= 0 || id > Integer.MAX_VALUE ? null
                : findSubtype(shape, (int) id);
        return in.readValue(shape.checkSubtype(label, m, id));
    }

    private static TypeModel findSubtype(Shape shape, int id) {
        for (TypeModel m : shape.subtypes()) {
            if (m.id() == id) {
                return m;
            }
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    private static Object readCounted(Shape shape, long declared, WireSource in, String label) {
        int n = Bounds.checkCount(declared, 1, in.remaining(), in.maxElements(), label + " count");
        switch (shape.kind()) {
            case LIST, SET -> {
                Container c = shape.container();
                Collection<Object> out = (Collection<Object>) c.newContainer(n, shape.element().javaType());
                for (int k = 0; k < n; k++) {
                    Elements.add(out, readBody(shape.element(), in, label), label, k);
                }
                return c.finish(out);
            }
            case MAP -> {
                Container c = shape.container();
                Map<Object, Object> out = (Map<Object, Object>) c.newContainer(n, shape.key().javaType());
                for (int k = 0; k < n; k++) {
                    Object key = readBody(shape.key(), in, label);
                    Elements.put(out, key, readBody(shape.element(), in, label), label, k);
                }
                return c.finish(out);
            }
            case OBJECT_ARRAY -> {
                return readObjectArray(shape, n, in, label);
            }
            default -> {
                return readArray(shape, n, in, label);
            }
        }
    }

    /** A {@link Kind#NUMBER} after its tag: the tag checked, then the body of the class it names. */
    private static Object readNumber(long tag, WireSource in, String label) {
        if (tag < 1 || tag > NUMBER_SHAPES.length) {
            throw new MalformedPayloadException(label + " number tag = " + tag + " (expected: 1.."
                    + NUMBER_SHAPES.length + ", naming one of " + JdkTypes.NUMBER_CLASSES.stream()
                    .map(Class::getSimpleName).toList() + ")");
        }
        return readBody(NUMBER_SHAPES[(int) tag - 1], in, label);
    }

    /**
     * An array of references of the declared class, sized for at most {@value #FIRST_ARRAY_CHUNK} elements, then
     * grown as they are read.
     */
    private static Object[] readObjectArray(Shape shape, int n, WireSource in, String label) {
        Object[] a = (Object[]) java.lang.reflect.Array.newInstance(shape.element().javaType(),
                Math.min(n, FIRST_ARRAY_CHUNK));
        for (int k = 0; k < n; k++) {
            a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
            a[k] = readBody(shape.element(), in, label);
        }
        return a;
    }

    /** Primitive arrays, sized for at most {@value #FIRST_ARRAY_CHUNK} elements, then grown as they are read. */
    private static Object readArray(Shape shape, int n, WireSource in, String label) {
        Class<?> type = shape.javaType();
        int first = Math.min(n, FIRST_ARRAY_CHUNK);
        if (type == long[].class) {
            long[] a = new long[first];
            for (int k = 0; k < n; k++) {
                a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
                a[k] = in.readLong();
            }
            return a;
        } else if (type == int[].class) {
            int[] a = new int[first];
            for (int k = 0; k < n; k++) {
                a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
                a[k] = (int) ranged(in.readLong(), Integer.MIN_VALUE, Integer.MAX_VALUE, label);
            }
            return a;
        } else if (type == short[].class) {
            short[] a = new short[first];
            for (int k = 0; k < n; k++) {
                a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
                a[k] = (short) ranged(in.readLong(), Short.MIN_VALUE, Short.MAX_VALUE, label);
            }
            return a;
        } else if (type == char[].class) {
            char[] a = new char[first];
            for (int k = 0; k < n; k++) {
                a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
                a[k] = (char) ranged(in.readLong(), Character.MIN_VALUE, Character.MAX_VALUE, label);
            }
            return a;
        } else if (type == boolean[].class) {
            boolean[] a = new boolean[first];
            for (int k = 0; k < n; k++) {
                a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
                a[k] = flag(in.readLong(), label);
            }
            return a;
        } else if (type == float[].class) {
            float[] a = new float[first];
            for (int k = 0; k < n; k++) {
                a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
                a[k] = Float.intBitsToFloat(in.readFixed32());
            }
            return a;
        }
        double[] a = new double[first];
        for (int k = 0; k < n; k++) {
            a = k == a.length ? Arrays.copyOf(a, Math.min(n, 2 * k)) : a;
            a[k] = Double.longBitsToDouble(in.readFixed64());
        }
        return a;
    }

    private static Object constant(Shape shape, long ordinal, String label) {
        return Bounds.enumConstant(ordinal < 0 || ordinal > Integer.MAX_VALUE ? -1 : (int) ordinal,
                shape.enumConstants(), label);
    }

    private static boolean flag(long v, String label) {
        if (v != 0 && v != 1) {
            throw new MalformedPayloadException(label + " = " + v + " (expected: 0 or 1)");
        }
        return v == 1;
    }

    private static long ranged(long v, long min, long max, String label) {
        if (v < min || v > max) {
            throw new MalformedPayloadException(label + " = " + v + " (expected: " + min + ".." + max + ")");
        }
        return v;
    }

    private static long nanos(long v, String label) {
        return ranged(v, 0, 999_999_999, label + " nanoseconds");
    }

    private static byte[] magnitude(byte[] b, String label) {
        if (b.length == 0) {
            throw new MalformedPayloadException(label + " has no bytes (expected: at least one, zero is 00)");
        }
        return b;
    }
}
