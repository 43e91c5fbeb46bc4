package io.raftwire.serializer.model;

/**
 * The shapes a declared type can take. Every provider maps each kind to its library's own encoding; together they are
 * everything a registered type may contain. The Java types of each kind are listed in the
 * {@linkplain io.raftwire.serializer.model package description}; a {@link Shape} combines kinds into the full
 * declared type.
 */
public enum Kind {
    /** {@code long}. */
    LONG,
    /** {@code int}. */
    INT,
    /** {@code boolean}. */
    BOOLEAN,
    /** {@code String}. */
    STRING,
    /** {@code byte[]}. */
    BYTES,
    /** {@code long[]}. */
    LONGS,
    /** An enum, by ordinal. */
    ENUM,
    /** A registered final type, written without a type id. */
    VALUE,
    /** A registered subtype of an interface or non-final class, written with its type id. */
    POLYMORPHIC,
    /** {@code List<E>}. */
    LIST,
    /** {@code Set<E>}, iteration order preserved. */
    SET,
    /** {@code byte} or {@code Byte}. */
    BYTE,
    /** {@code short} or {@code Short}. */
    SHORT,
    /** {@code char} or {@code Character}. */
    CHAR,
    /** {@code float} or {@code Float}, as its raw IEEE 754 bits. */
    FLOAT,
    /** {@code double} or {@code Double}, as its raw IEEE 754 bits. */
    DOUBLE,
    /** {@code boolean[]}, {@code short[]}, {@code char[]}, {@code int[]}, {@code float[]} or {@code double[]}. */
    ARRAY,
    /** {@code java.util.UUID}: most, then least significant 64 bits. */
    UUID,
    /** {@code java.time.Instant}: epoch seconds, then nanoseconds. */
    INSTANT,
    /** {@code java.time.Duration}: seconds, then nanoseconds. */
    DURATION,
    /** {@code java.time.LocalDate}: epoch day. */
    LOCAL_DATE,
    /** {@code java.time.LocalTime}: nanosecond of day. */
    LOCAL_TIME,
    /** {@code java.time.LocalDateTime}: epoch day, then nanosecond of day. */
    LOCAL_DATE_TIME,
    /** {@code java.math.BigInteger}: its two's-complement bytes. */
    BIG_INTEGER,
    /** {@code java.math.BigDecimal}: the unscaled value's bytes, then the scale. */
    BIG_DECIMAL,
    /** {@code Optional<T>}. */
    OPTIONAL,
    /** {@code Map<K, V>} and its sorted, concrete, enum and concurrent variants. */
    MAP,
    /**
     * An array of references or of arrays: {@code String[]}, {@code Object[]}, {@code long[][]}, an array of enums or
     * registered values, nested to any depth; never null elements.
     */
    OBJECT_ARRAY,
    /** {@code java.util.concurrent.atomic.AtomicLong}, decoded as a new one holding the value. */
    ATOMIC_LONG,
    /** {@code java.util.concurrent.atomic.AtomicInteger}, decoded as a new one holding the value. */
    ATOMIC_INTEGER,
    /** {@code java.util.concurrent.atomic.AtomicBoolean}, decoded as a new one holding the value. */
    ATOMIC_BOOLEAN,
    /** {@code java.util.Date} exactly (a subclass is refused at encode): milliseconds since the epoch. */
    DATE,
    /** A place declared {@code Number}: a tag naming the value's JDK number class, then its body. */
    NUMBER,
    /** A place declared {@code CharSequence}: carries a {@code String} only (anything else refused at encode). */
    CHAR_SEQUENCE;

    /** Whether this kind may be the element kind of a {@link #LIST} or {@link #SET} written natively by a provider. */
    public boolean isElementKind() {
        return this == STRING || this == ENUM || this == VALUE || this == POLYMORPHIC;
    }
}
