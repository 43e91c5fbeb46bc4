package io.raftwire.serializer.protostuff;

import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.WireSource;

/**
 * Reads a walked number or boolean as its writer declared it, for a reader whose component differs from it only by
 * nullability or by a widening: there the reader's own shape would expect a presence token the writer did not write
 * (a {@code float} read as a {@code Float}) or a fixed64 where the writer wrote a fixed32 (a {@code float} read as a
 * {@code double}). The tokens are {@link io.raftwire.serializer.model.ShapeCodec}'s: a nullable place's presence
 * (0 null, 1 present), then the body, refused with its messages when out of range. Stateless.
 */
final class WrittenPrimitive {

    private WrittenPrimitive() {
    }

    /** Whether {@link #read} reads a place of this kind. */
    static boolean handles(Kind kind) {
        return switch (kind) {
            case BYTE, SHORT, CHAR, INT, LONG, BOOLEAN, FLOAT, DOUBLE -> true;
            default -> false;
        };
    }

    /**
     * @param kind     the written kind, one {@link #handles} accepts
     * @param nullable whether the writer's place is a box (a presence token first)
     * @param label    the component, for messages
     * @return the boxed value of the written kind, or null
     */
    static Object read(WireSource in, Kind kind, boolean nullable, String label) {
        if (nullable) {
            long presence = in.readLong();
            if (presence == 0) {
                return null;
            }
            if (presence != 1) {
                throw new MalformedPayloadException(label + " presence = " + presence + " (expected: 0 or 1)");
            }
        }
        return switch (kind) {
            case BYTE -> (byte) ranged(in.readLong(), Byte.MIN_VALUE, Byte.MAX_VALUE, label);
            case SHORT -> (short) ranged(in.readLong(), Short.MIN_VALUE, Short.MAX_VALUE, label);
            case CHAR -> (char) ranged(in.readLong(), Character.MIN_VALUE, Character.MAX_VALUE, label);
            case INT -> (int) ranged(in.readLong(), Integer.MIN_VALUE, Integer.MAX_VALUE, label);
            case LONG -> in.readLong();
            case BOOLEAN -> ranged(in.readLong(), 0, 1, label) == 1;
            case FLOAT -> Float.intBitsToFloat(in.readFixed32());
            case DOUBLE -> Double.longBitsToDouble(in.readFixed64());
            default -> throw new IllegalStateException(label + " has kind " + kind + " (expected: a number or"
                    + " boolean kind)");
        };
    }

    private static long ranged(long v, long min, long max, String label) {
        if (v < min || v > max) {
            throw new MalformedPayloadException(label + " = " + v + " (expected: " + min + ".." + max + ")");
        }
        return v;
    }
}
