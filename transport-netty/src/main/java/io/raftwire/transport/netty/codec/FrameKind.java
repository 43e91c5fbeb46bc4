package io.raftwire.transport.netty.codec;

/**
 * What a frame is, from the kind bits of the {@link FrameDescriptor flags byte}. Codes are a wire contract: never
 * reuse or renumber one.
 */
public enum FrameKind {
    /** A message that expects a response or an error frame with the same correlation id. */
    REQUEST(1, true),
    /** The answer to a request, with the request's correlation id. */
    RESPONSE(2, true),
    /** A message that is never answered; correlation id 0. */
    ONE_WAY(3, true),
    /** A refusal or failure; see {@link ErrorPayload}. Correlation id of the failed request, or 0. */
    ERROR(4, false),
    /** The connecting side's handshake; see {@link Handshake}. The first frame on every connection. */
    HELLO(5, false),
    /** The accepting side's answer to an acceptable {@link #HELLO}; see {@link Handshake}. */
    WELCOME(6, false),
    /** Keep-alive sent when nothing else was written for a while; empty payload, never answered. */
    PING(7, false);

    private static final FrameKind[] BY_CODE = new FrameKind[FrameDescriptor.KIND_MASK + 1];

    static {
        for (FrameKind k : values()) {
            BY_CODE[k.code] = k;
        }
    }

    private final int code;
    private final boolean carriesMessage;

    FrameKind(int code, boolean carriesMessage) {
        this.code = code;
        this.carriesMessage = carriesMessage;
    }

    /** The 3-bit wire code. */
    public int code() {
        return code;
    }

    /**
     * Whether the payload is a registered type written by a pluggable serializer (request, response, one-way); the
     * other kinds are control frames with a hand-encoded payload and serializer id 0.
     */
    public boolean carriesMessage() {
        return carriesMessage;
    }

    /**
     * The kind with the given code.
     *
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} for an unassigned code
     */
    public static FrameKind ofCode(int code) {
        FrameKind kind = code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
        if (kind == null) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "frame kind = " + code + " (expected: 1..7)");
        }
        return kind;
    }
}
