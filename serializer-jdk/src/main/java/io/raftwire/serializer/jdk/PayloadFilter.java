package io.raftwire.serializer.jdk;

import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;

import java.io.ObjectInputFilter;

/**
 * The {@link ObjectInputFilter} (JEP 290) of one payload, set on its {@link CarrierInputStream} before the first
 * read. Verified against the JDK 17 {@code ObjectInputStream}, it is called for every class descriptor, every array
 * (with its declared length, before the array is allocated), every back-reference and every object
 * {@code resolveObject} substitutes; not for strings. It allows exactly:
 * <ul>
 *   <li>the classes of {@link StreamClasses}, and a registered type only as the object {@code resolveObject} has
 *       just built (the JDK filters that replacement too);</li>
 *   <li>a declared array length that fits in the payload bytes not yet read ({@code maxbytes} does not bound one
 *       large array: the filter sees an array with its declared length before its bytes are counted,
 *       {@code docs/library-behaviour.md} §3 J2) and, for an array the value holds (not the carrier's own words
 *       and references, which are framing), in {@code maxElements};</li>
 *   <li>a stream depth of at most {@link #MAX_STREAM_DEPTH}, whatever the nesting of the value (whose depth
 *       {@link CarrierReader} checks exactly), so the recursion of {@code ObjectInputStream} stays shallow and no
 *       payload can reach a {@link StackOverflowError};</li>
 *   <li>at most as many references and bytes as the payload has bytes; every reference takes at least one byte, so
 *       these two can only fire if the stream were not bounded by the payload.</li>
 * </ul>
 * Everything else is refused by throwing {@link MalformedPayloadException}, which the stream reports as
 * {@code InvalidClassException("filter status: REJECTED")} with that exception as its cause.
 *
 * <p>One instance per decode; not thread-safe.
 */
final class PayloadFilter implements ObjectInputFilter {

    /**
     * The deepest {@code ObjectInputStream} nesting of a valid payload, whatever the value's own depth: the carrier
     * (1), its words and references arrays (2), a {@code byte[]} or {@code long[]} among the references (3).
     */
    static final int MAX_STREAM_DEPTH = 3;

    private final int payloadBytes;
    private final int maxElements;
    private Class<?> replacement;
    private boolean consulted;

    /**
     * @param options      the limits (max elements)
     * @param payloadBytes size of the whole payload, stream header included
     */
    PayloadFilter(SerializerOptions options, int payloadBytes) {
        this.payloadBytes = payloadBytes;
        this.maxElements = options.maxElements();
    }

    /** Size of the whole payload, stream header included. */
    int payloadBytes() {
        return payloadBytes;
    }

    /** Allows the next check of exactly this registered type, which {@code resolveObject} has just built. */
    void expectReplacement(Class<?> type) {
        replacement = type;
    }

    /** Whether the stream called this filter at all (a JVM-wide filter factory could have dropped it). */
    boolean consulted() {
        return consulted;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        consulted = true;
        if (info.depth() > MAX_STREAM_DEPTH) {
            throw new MalformedPayloadException("nesting depth " + info.depth() + " in the serialization stream"
                    + " (expected: <= " + MAX_STREAM_DEPTH + ")");
        }
        if (info.references() > payloadBytes || info.streamBytes() > payloadBytes) {
            throw new MalformedPayloadException(info.references() + " references in " + info.streamBytes()
                    + " bytes (expected: at most the " + payloadBytes + " payload bytes each)");
        }
        Class<?> type = info.serialClass();
        if (type == null) {
            return Status.ALLOWED;
        }
        if (type == replacement) {
            replacement = null;
            return Status.ALLOWED;
        }
        if (!StreamClasses.allows(type)) {
            throw new MalformedPayloadException("class " + type.getName() + " is not allowed in a jdk payload"
                    + " (expected: a carrier and its component types)");
        }
        long length = info.arrayLength();
        if (length >= 0) {
            int remaining = (int) (payloadBytes - info.streamBytes());
            // the carrier's own words and references (depth 2) are framing, bounded by the payload alone;
            // max-elements bounds the arrays the value holds (depth 3), as CarrierWriter checks at encode
            Bounds.checkCount(length, StreamClasses.minBytesPerElement(type), remaining,
                    info.depth() <= 2 ? Integer.MAX_VALUE : maxElements, type.getSimpleName() + " length");
        }
        return Status.ALLOWED;
    }
}
