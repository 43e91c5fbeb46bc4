package io.raftwire.transport.netty.codec;

/**
 * Why a peer sent an {@link FrameKind#ERROR error frame}. Codes are a wire contract: never reuse or renumber one.
 * Codes a node does not know are reported as {@link #UNKNOWN}.
 */
public enum ErrorCode {
    /** A code this node does not know (sent by a newer peer); never sent. */
    UNKNOWN(0),
    /** The frame broke the protocol: bad magic, version, flags, kind out of place, malformed control payload. */
    PROTOCOL_ERROR(1),
    /** The frame was longer than the receiver's {@code raftwire.transport.max-frame-bytes}. */
    FRAME_TOO_LARGE(2),
    /** The frame's serializer id is not one the receiver accepts. */
    SERIALIZER_NOT_ACCEPTED(3),
    /** The frame's message type id is not in the receiver's registry. */
    UNKNOWN_TYPE(4),
    /** The handshake was refused; the message says what differed. */
    HANDSHAKE_REFUSED(5),
    /** The receiver has no handler for the request's type. */
    NO_HANDLER(6),
    /** The receiver's handler threw or completed exceptionally. */
    HANDLER_FAILED(7),
    /** The receiver could not decode the request's payload. */
    DECODE_FAILED(8),
    /** The receiver could not encode its response. */
    ENCODE_FAILED(9),
    /** The receiver is shutting down. */
    SHUTTING_DOWN(10),
    /** The receiver's inbound buffers are full (raftwire.transport.max-inbound-buffer-bytes); try again later. */
    OVERLOADED(11);

    private static final ErrorCode[] BY_CODE = new ErrorCode[16];

    static {
        for (ErrorCode c : values()) {
            BY_CODE[c.code] = c;
        }
    }

    private final int code;

    ErrorCode(int code) {
        this.code = code;
    }

    /** The one-byte wire code. */
    public int code() {
        return code;
    }

    /** The code for a wire value; {@link #UNKNOWN} for values this node does not know. Never throws. */
    public static ErrorCode ofCode(int code) {
        ErrorCode c = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
        return c == null ? UNKNOWN : c;
    }

    /** Lower-case name with spaces, for messages: {@code no handler}. */
    public String describe() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
