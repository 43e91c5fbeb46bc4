package io.raftwire.transport.netty.codec;

import io.netty.handler.codec.LengthFieldBasedFrameDecoder;

/**
 * The raftwire frame, written down once. Every frame on a raftwire connection, in both directions, is:
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |          Frame Length (uint32, bytes after this field)        |  0
 *  +-------------------------------+---------------+---------------+
 *  |         Magic 0x5277          |    Version    | Serializer Id |  4
 *  +---------------+---------------+---------------+---------------+
 *  |     Flags     |   Message Type Id (uint16)    |               |  8
 *  +---------------+-------------------------------+               +
 *  |                                                               | 12
 *  +                 Correlation Id (int64)        +---------------+
 *  |                                               |               | 16
 *  +-----------------------------------------------+               +
 *  |            Payload (Frame Length - 15 bytes) ...                 19
 * </pre>
 *
 * <p>All integers are big-endian (network order).
 * <ul>
 *   <li><b>Frame Length</b>: the bytes that follow the field, so a frame occupies {@code 4 + Frame Length} bytes; the
 *       whole frame, length field included, must fit in {@code raftwire.transport.max-frame-bytes} of the reader,
 *       which each side declares in its handshake. A longer frame closes the connection on its first 4 bytes (nothing
 *       of it is buffered); a sender therefore never writes one (the send fails with FRAME_TOO_LARGE).</li>
 *   <li><b>Magic</b>: {@value #MAGIC_HEX} ({@code "Rw"}); catches a stream that lost its framing, or a client that is
 *       not raftwire.</li>
 *   <li><b>Version</b>: the protocol version, {@value #VERSION}. A frame of another version is refused; the handshake
 *       fails before any message is exchanged, with
 *       {@code protocol version = 1 (expected: 2)} in the error frame and the local failure.</li>
 *   <li><b>Serializer Id</b>: for {@link FrameKind#carriesMessage() message frames}, the id of the serializer that
 *       wrote the payload (1..127, see {@code SerializerProvider#id()}); it is checked against the serializers this
 *       node accepts <em>before</em> any decoding. 0 on control frames, whose payload is hand-encoded.</li>
 *   <li><b>Flags</b>: bits 0..2 hold the {@link FrameKind} code; bits 3..7 are reserved and must be 0.</li>
 *   <li><b>Message Type Id</b>: the registered type id of the payload ({@code MessageType} ids and user ids, see
 *       {@code TypeRegistry}); the payload never carries a class name. On an error frame, the type of the request
 *       that failed (0 if none); 0 on other control frames.</li>
 *   <li><b>Correlation Id</b>: chosen by the requester, echoed in the response or error frame. 0 on one-way and
 *       connection-level frames.</li>
 * </ul>
 *
 * <p>Control frame payloads (handshake, error, ping) are described in {@code Handshake} and {@code ErrorPayload};
 * they never go through a pluggable serializer.
 *
 * <p>Offsets below are from the start of the frame (the first length byte). The inbound pipeline strips the length
 * field before {@link HeaderDecoder} sees a frame, so the decoder reads from {@link #MAGIC_OFFSET}.
 */
public final class FrameDescriptor {

    /** Size of the length prefix in bytes. */
    public static final int LENGTH_FIELD_LENGTH = 4;
    /** Offset of the magic number. */
    public static final int MAGIC_OFFSET = 4;
    /** Offset of the protocol version. */
    public static final int VERSION_OFFSET = 6;
    /** Offset of the serializer id. */
    public static final int SERIALIZER_ID_OFFSET = 7;
    /** Offset of the flags byte. */
    public static final int FLAGS_OFFSET = 8;
    /** Offset of the message type id. */
    public static final int TYPE_ID_OFFSET = 9;
    /** Offset of the correlation id. */
    public static final int CORRELATION_ID_OFFSET = 11;
    /** Offset of the payload; also the size of the complete header, length field included. */
    public static final int HEADER_LENGTH = 19;
    /** Header bytes counted by Frame Length (everything after the length field, before the payload). */
    public static final int HEADER_LENGTH_AFTER_LENGTH_FIELD = HEADER_LENGTH - LENGTH_FIELD_LENGTH;

    /** The magic number, {@code "Rw"}. */
    public static final int MAGIC = 0x5277;
    static final String MAGIC_HEX = "0x5277";
    /**
     * The protocol version this implementation speaks. 2: the handshake declares each side's max-frame-bytes and
     * idle-timeout-ms (version 1 did not, and is refused).
     */
    public static final int VERSION = 2;
    /** Serializer id of control frames. */
    public static final int NO_SERIALIZER = 0;
    /** Largest serializer id. */
    public static final int MAX_SERIALIZER_ID = 127;
    /** Mask of the kind bits in the flags byte. */
    public static final int KIND_MASK = 0x07;
    /** Largest type id that fits the header. */
    public static final int MAX_TYPE_ID = 0xFFFF;
    /**
     * Largest frame, length field included, that may arrive before the handshake completes: a HELLO or WELCOME
     * ({@code HEADER_LENGTH + Handshake.MAX_ENCODED_BYTES} = 909 bytes) or an error frame
     * ({@code HEADER_LENGTH + ErrorPayload.MAX_ENCODED_BYTES} = 922 bytes), whichever is larger: 922 bytes.
     */
    public static final int MAX_HANDSHAKE_FRAME_BYTES = HEADER_LENGTH
            + Math.max(Handshake.MAX_ENCODED_BYTES, ErrorPayload.MAX_ENCODED_BYTES);
    /** Smallest value of {@code raftwire.transport.max-frame-bytes} the codec supports. */
    public static final int MIN_MAX_FRAME_BYTES = 1024;

    private FrameDescriptor() {
    }

    /**
     * A new frame decoder for this layout: splits the byte stream at the length field, strips the field, and fails
     * fast (on the first 4 bytes, with {@code TooLongFrameException}) for a frame larger than {@code maxFrameBytes},
     * length field included. Stateful: one per channel. A node's pipelines use {@code BoundedFrameDecoder} instead,
     * which refuses an oversized frame in raftwire's words before this check is reached; this plain one serves the
     * benchmarks' raw echo.
     *
     * @param maxFrameBytes {@code raftwire.transport.max-frame-bytes}
     */
    public static LengthFieldBasedFrameDecoder newFrameDecoder(int maxFrameBytes) {
        return new LengthFieldBasedFrameDecoder(maxFrameBytes, 0, LENGTH_FIELD_LENGTH, 0, LENGTH_FIELD_LENGTH, true);
    }

    /**
     * Checks the magic number.
     *
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} if it is not {@link #MAGIC}
     */
    public static void checkMagic(int magic) {
        if (magic != MAGIC) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR,
                    "magic = 0x" + Integer.toHexString(magic) + " (expected: " + MAGIC_HEX + ")");
        }
    }

    /**
     * Checks the protocol version.
     *
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} if it is not {@link #VERSION}
     */
    public static void checkVersion(int version) {
        if (version != VERSION) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR,
                    "protocol version = " + version + " (expected: " + VERSION + ")");
        }
    }

    /**
     * Checks that the bytes after the length field can hold a header.
     *
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} if fewer than
     *                        {@link #HEADER_LENGTH_AFTER_LENGTH_FIELD} bytes
     */
    public static void checkHeaderPresent(int frameLength) {
        if (frameLength < HEADER_LENGTH_AFTER_LENGTH_FIELD) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "frame length = " + frameLength
                    + " (expected: >= " + HEADER_LENGTH_AFTER_LENGTH_FIELD + ")");
        }
    }

    /**
     * Decodes the kind from a flags byte.
     *
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} if reserved bits are set or the code is unknown
     */
    public static FrameKind kindOf(int flags) {
        if ((flags & ~KIND_MASK) != 0) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "flags = 0x" + Integer.toHexString(flags)
                    + " (expected: reserved bits 3..7 clear)");
        }
        return FrameKind.ofCode(flags & KIND_MASK);
    }
}
