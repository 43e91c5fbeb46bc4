package io.raftwire.serializer.jdk;

import java.io.Serializable;

/**
 * The wire form of one registered value and everything nested in it, and the only class of its own a jdk payload
 * names. Registered types are not {@link Serializable} and never become so: {@link CarrierOutputStream} writes a
 * carrier in place of the value ({@link CarrierWriter}) and {@link CarrierInputStream} builds the value back through
 * the constructors ({@link CarrierReader}).
 *
 * <p><b>Layout.</b> The values form a tree, written in pre-order as <i>records</i>: a record is its type id word
 * followed by its components in constructor order, a nested value's record coming inline where the value is.
 * Numbers go to {@link #words()}, objects to {@link #references()}:
 *
 * <table>
 *   <caption>Components per kind</caption>
 *   <tr><th>kind</th><th>words</th><th>references</th></tr>
 *   <tr><td>LONG, INT</td><td>the value</td><td></td></tr>
 *   <tr><td>BOOLEAN</td><td>1 or 0</td><td></td></tr>
 *   <tr><td>ENUM</td><td>ordinal + 1, or 0 for null (constant order is the wire contract)</td><td></td></tr>
 *   <tr><td>STRING, BYTES, LONGS</td><td>1, or 0 for null</td><td>the {@code String}, {@code byte[]} or
 *       {@code long[]} itself if present</td></tr>
 *   <tr><td>VALUE, POLYMORPHIC</td><td>the nested value's record (its type id, never 0), or 0 for null</td>
 *       <td>(those of the nested record)</td></tr>
 *   <tr><td>LIST, SET</td><td>size + 1, or 0 for null; then per element, in iteration order: the ordinal (enums) or
 *       the element's record (values)</td><td>per element: the {@code String} (string elements)</td></tr>
 * </table>
 *
 * The first record is the top-level value's; words and references are used up exactly. The references never hold
 * null. Strings are JDK strings, so repeated strings are written once and then by handle; a {@code byte[]} or
 * {@code long[]} is never repeated, and the reader refuses arrays that add up to more bytes than the payload.
 *
 * <p>The class name, the {@code serialVersionUID}, the field names and types and the layout above are part of the
 * jdk wire format: changing any of them needs a new {@link JdkSerializerProvider#FORMAT_VERSION format version}.
 * Default serialization, no {@code readObject} or {@code readResolve}: reading a carrier runs no code of its own.
 */
final class Carrier implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Type ids, numeric components, presence flags and sizes, in record order. */
    private final long[] words;
    /** Strings, byte arrays and long arrays, in record order; null if there are none. */
    private final Object[] references;

    Carrier(long[] words, Object[] references) {
        this.words = words;
        this.references = references;
    }

    /** The words as read from the payload (not yet checked; may be null in a hostile payload). */
    long[] words() {
        return words;
    }

    /** The references as read from the payload (not yet checked). */
    Object[] references() {
        return references;
    }
}
