package io.raftwire.serializer.model;

/**
 * The checks every provider applies to a declared length before allocating anything for it. Hostile payloads
 * declare huge lengths in a few bytes (Kryo 5.6.2 and protostuff 1.8.0 allocate them unchecked: a 5-byte Kryo
 * {@code int[]} header declaring 2×10⁹ elements ends in {@link OutOfMemoryError}, see
 * {@code docs/library-behaviour.md} §1 K3 and §2 P2); these checks make that impossible.
 */
public final class Bounds {

    /** Most elements {@link #initialCapacity} sizes a collection for. */
    public static final int MAX_INITIAL_CAPACITY = 1024;

    private Bounds() {
    }

    /**
     * Checks a declared element count against the configured maximum and the bytes left in the payload.
     *
     * @param declared        the count read from the payload (any value, negative included)
     * @param minBytesPerItem the fewest payload bytes one element can occupy; values below 1 count as 1
     * @param remaining       payload bytes not yet read
     * @param maxElements     configured maximum; {@link Integer#MAX_VALUE} for a length only the payload bounds
     * @param what            what is being read, for the message, e.g. {@code "byte[] length"}
     * @return the count, now known to be safe to allocate
     * @throws MalformedPayloadException if the count is negative, above the maximum, or cannot fit in the rest; a
     *                                   count refused by the maximum alone (the rest has room for that many) gets the
     *                                   same message as {@link #checkEncodeCount} gives at encode
     */
    public static int checkCount(long declared, int minBytesPerItem, int remaining, int maxElements, String what) {
        int perItem = Math.max(1, minBytesPerItem);
        if (declared > maxElements && (long) maxElements * perItem <= remaining) {
            throw new MalformedPayloadException(overMaxElements(declared, maxElements, what));
        }
        if (declared < 0 || declared > maxElements || declared * perItem > remaining) {
            throw new MalformedPayloadException(what + " = " + declared + " (expected: 0.." + Math.min(maxElements,
                    remaining / perItem) + ", limited by the " + remaining + " bytes remaining"
                    + (maxElements == Integer.MAX_VALUE ? "" : " and max-elements " + maxElements) + ")");
        }
        return (int) declared;
    }

    /**
     * Checks, while encoding, a count or length against the configured maximum, so that what the same options would
     * refuse on decode is refused at encode, with the same message ({@link #checkCount}'s when the maximum is what
     * refuses). One comparison; {@code what} must already be built (no allocation unless refusing).
     *
     * @param count       the count or length about to be written, in the units the provider's decode checks
     * @param maxElements the configured maximum
     * @param what        what is being written, named as the decode refusal names it, e.g. {@code "Order.lines"}
     * @throws IllegalArgumentException if {@code count > maxElements}
     */
    public static void checkEncodeCount(long count, int maxElements, String what) {
        checkEncodeCount(count, maxElements, what, "");
    }

    /** As {@link #checkEncodeCount(long, int, String)}, naming {@code label + suffix}, built only when refusing. */
    public static void checkEncodeCount(long count, int maxElements, String label, String suffix) {
        if (count > maxElements) {
            throw new IllegalArgumentException(overMaxElements(count, maxElements, label + suffix));
        }
    }

    /**
     * As {@link #checkEncodeCount(long, int, String, String)} for a string whose decode limits its UTF-8 bytes, for an
     * encoder that does not compute them anyway: a string of at most a third of {@code maxElements} chars cannot
     * exceed it and is not measured, so only a string near the limit costs a pass to count its UTF-8 bytes. The string
     * must be well-formed ({@link Utf16#requireWellFormed}), as every encoder checks first.
     */
    public static void checkEncodeUtf8Length(String s, int maxElements, String label, String suffix) {
        if (3L * s.length() > maxElements) {
            checkEncodeCount(Utf16.utf8Length(s), maxElements, label, suffix);
        }
    }

    /** The one message of a count over max-elements, at encode and at decode. */
    private static String overMaxElements(long count, int maxElements, String what) {
        return what + " = " + count + " (expected: 0.." + maxElements + ", limited by max-elements " + maxElements
                + ", set by raftwire.serializer.max-elements or SerializerOptions.maxElements)";
    }

    /**
     * How many elements to size a decoded collection for, given a count that passed {@link #checkCount}. A checked
     * count is still only a claim: at one payload byte per element, sizing a list for it costs 4 bytes, and a hash
     * set's table about 10, per payload byte before a single element has been read (a 16 MiB frame: a 128 MiB
     * table). Up to {@value #MAX_INITIAL_CAPACITY} elements are sized exactly; a larger collection grows with the
     * elements actually read.
     *
     * @param checkedCount a count returned by {@link #checkCount}
     * @return the initial capacity, in elements
     */
    public static int initialCapacity(int checkedCount) {
        return Math.min(checkedCount, MAX_INITIAL_CAPACITY);
    }

    /**
     * Checks nesting depth when entering a nested value.
     *
     * @param depth    the depth of the value about to be read (the top-level value is 1)
     * @param maxDepth the configured maximum
     * @throws MalformedPayloadException if {@code depth > maxDepth}
     */
    public static void checkDepth(int depth, int maxDepth) {
        if (depth > maxDepth) {
            throw new MalformedPayloadException("nesting depth " + depth + " (expected: <= " + maxDepth + ")");
        }
    }

    /**
     * Checks, while encoding, the bytes written so far against the configured maximum payload size; called on
     * entering each nested value, so that a value whose encoding grows without bound (one child shared at every
     * level) is stopped once it passes the maximum.
     *
     * @param written         payload bytes written so far
     * @param maxPayloadBytes the configured maximum
     * @throws IllegalArgumentException if {@code written > maxPayloadBytes}
     */
    public static void checkEncodedSize(long written, int maxPayloadBytes) {
        if (written > maxPayloadBytes) {
            throw new IllegalArgumentException("payload passed max-payload-bytes " + maxPayloadBytes + " while"
                    + " encoding (" + written + " bytes written so far; " + payloadExpectation(maxPayloadBytes)
                    + "; an instance reached in several places is written once per place)");
        }
    }

    /**
     * The refusal of a payload that ended before the value did.
     *
     * @param what what was being read, e.g. {@code "PutCommand.value"}
     */
    public static MalformedPayloadException truncated(String what) {
        return new MalformedPayloadException("payload ended while reading " + what + " (expected: more bytes; the"
                + " payload is truncated or a length in it is wrong)");
    }

    /** The message of a decoded payload larger than the maximum. */
    public static String payloadTooLarge(long size, int maxPayloadBytes) {
        return "payload of " + size + " bytes is larger than max-payload-bytes " + maxPayloadBytes + " ("
                + payloadExpectation(maxPayloadBytes) + ")";
    }

    private static String payloadExpectation(int maxPayloadBytes) {
        return "expected: at most " + maxPayloadBytes + " bytes, set by raftwire.serializer.max-payload-bytes or"
                + " SerializerOptions.maxPayloadBytes";
    }

    /**
     * Maps an ordinal read from a payload to the enum constant, refusing unknown ordinals.
     *
     * @param ordinal   the ordinal read
     * @param constants the enum's constants in declaration order
     * @param component the component name, for the message
     * @return the constant
     */
    public static Object enumConstant(int ordinal, Object[] constants, String component) {
        if (ordinal < 0 || ordinal >= constants.length) {
            throw new MalformedPayloadException(component + " enum ordinal " + ordinal + " (expected: 0.."
                    + (constants.length - 1) + ")");
        }
        return constants[ordinal];
    }
}
