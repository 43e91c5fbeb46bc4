package io.raftwire.serializer.model;

/**
 * The shapes a component (a constructor parameter of a registered type) can take. Every provider maps each kind to
 * its library's own encoding; together they are everything a registered type may contain.
 *
 * <table>
 *   <caption>Java types per kind</caption>
 *   <tr><th>kind</th><th>Java type</th><th>null allowed</th></tr>
 *   <tr><td>{@link #LONG}, {@link #INT}, {@link #BOOLEAN}</td><td>{@code long}, {@code int}, {@code boolean}</td>
 *       <td>no</td></tr>
 *   <tr><td>{@link #STRING}</td><td>{@code String}</td><td>yes</td></tr>
 *   <tr><td>{@link #BYTES}, {@link #LONGS}</td><td>{@code byte[]}, {@code long[]}</td><td>yes</td></tr>
 *   <tr><td>{@link #ENUM}</td><td>an enum; travels as its ordinal, so constant order is part of the wire
 *       format</td><td>yes</td></tr>
 *   <tr><td>{@link #VALUE}</td><td>a registered final class or record; no type id on the wire</td><td>yes</td></tr>
 *   <tr><td>{@link #POLYMORPHIC}</td><td>{@code Object}, an interface or a non-final class; the value's registered
 *       type id travels with it</td><td>yes</td></tr>
 *   <tr><td>{@link #LIST}, {@link #SET}</td><td>{@code List<E>}, {@code Set<E>} with E a {@code String}, enum,
 *       {@link #VALUE} or {@link #POLYMORPHIC} type; elements are never null</td><td>yes</td></tr>
 * </table>
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
    /** {@code Map<K, V>} and its sorted and concrete variants. */
    MAP;

    /** Whether this kind may be the element kind of a {@link #LIST} or {@link #SET} written natively by a provider. */
    public boolean isElementKind() {
        return this == STRING || this == ENUM || this == VALUE || this == POLYMORPHIC;
    }
}
