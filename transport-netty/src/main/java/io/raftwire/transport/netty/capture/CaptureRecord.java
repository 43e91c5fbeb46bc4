package io.raftwire.transport.netty.capture;

import java.util.Arrays;
import java.util.Objects;

/**
 * One captured frame, as {@link CaptureReader} returns it (see {@link CaptureFormat} for the bytes).
 *
 * @param direction       whether the capturing node received or sent the frame
 * @param timestampMicros when the capturing node saw it, microseconds since the epoch
 * @param peerId          the member at the other end, or empty if it was not known yet
 * @param frame           the complete frame as on the wire, length field included; the record's own copy
 */
public record CaptureRecord(Direction direction, long timestampMicros, String peerId, byte[] frame) {

    /** Which way a captured frame travelled, seen from the capturing node. Codes are part of the file format. */
    public enum Direction {
        /** Received from the peer (code 0). */
        INBOUND,
        /** Sent to the peer (code 1). */
        OUTBOUND;

        /** The one-byte code in the file. */
        public int code() {
            return ordinal();
        }

        /**
         * The direction with the given code.
         *
         * @throws IllegalArgumentException for a code other than 0 or 1
         */
        public static Direction ofCode(int code) {
            if (code < 0 || code >= values().length) {
                throw new IllegalArgumentException("direction = " + code + " (expected: 0 = inbound, 1 = outbound)");
            }
            return values()[code];
        }
    }

    /** Checks for nulls; keeps the array as given (records made by the reader own theirs). */
    public CaptureRecord {
        Objects.requireNonNull(direction, "direction");
        Objects.requireNonNull(peerId, "peerId");
        Objects.requireNonNull(frame, "frame");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof CaptureRecord r && r.direction == direction && r.timestampMicros == timestampMicros
                && r.peerId.equals(peerId) && Arrays.equals(r.frame, frame);
    }

    @Override
    public int hashCode() {
        return Objects.hash(direction, timestampMicros, peerId, Arrays.hashCode(frame));
    }

    @Override
    public String toString() {
        return "CaptureRecord[" + direction + ", " + timestampMicros + " us, peer=" + peerId + ", " + frame.length
                + " bytes]";
    }
}
