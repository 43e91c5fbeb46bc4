package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.raftwire.transport.PeerText;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The payload of an {@link FrameKind#ERROR error frame}, hand-encoded:
 *
 * <pre>
 *  +-------------+------------------------+----------------------------------+
 *  | Code (u8)   | Message Length (u16)   | Message (UTF-8, Message Length)  |
 *  +-------------+------------------------+----------------------------------+
 * </pre>
 *
 * The message is cut to {@value #MAX_MESSAGE_CHARS} characters, so an error frame always fits the smallest allowed
 * frame limit ({@value FrameDescriptor#MIN_MAX_FRAME_BYTES} bytes).
 *
 * @param code    why the sender failed or refused
 * @param message what was wrong and what was expected
 */
public record ErrorPayload(ErrorCode code, String message) {

    /** Longest message sent; longer ones are cut. */
    public static final int MAX_MESSAGE_CHARS = 300;
    /** Largest encoded payload: code, length and {@value #MAX_MESSAGE_CHARS} chars of at most 3 UTF-8 bytes each. */
    public static final int MAX_ENCODED_BYTES = 1 + 2 + 3 * MAX_MESSAGE_CHARS;

    /** Checks for nulls and cuts an over-long message. */
    public ErrorPayload {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
        if (message.length() > MAX_MESSAGE_CHARS) {
            message = message.substring(0, MAX_MESSAGE_CHARS - 3) + "...";
        }
    }

    /**
     * Appends this payload to {@code out}.
     *
     * @param out the destination; the caller keeps ownership
     */
    public void writeTo(ByteBuf out) {
        out.writeByte(code.code());
        int lengthAt = out.writerIndex();
        out.writeShort(0);
        int written = ByteBufUtil.writeUtf8(out, message);
        out.setShort(lengthAt, written);
    }

    /**
     * Reads an error payload from all readable bytes of {@code payload}. The message is peer text: it comes back
     * escaped by {@link PeerText#escape}.
     *
     * @param payload the bytes; the caller keeps ownership
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} if the lengths do not add up
     */
    public static ErrorPayload readFrom(ByteBuf payload) {
        if (payload.readableBytes() < 3) {
            throw malformed(payload.readableBytes() + " bytes (expected: >= 3)");
        }
        ErrorCode code = ErrorCode.ofCode(payload.readUnsignedByte());
        int length = payload.readUnsignedShort();
        if (length != payload.readableBytes()) {
            throw malformed("message length = " + length + " (expected: the " + payload.readableBytes()
                    + " bytes remaining)");
        }
        // Peer text: escaped here, once, so no log line or exception message built from it can be forged.
        String message = PeerText.escape(payload.readCharSequence(length, StandardCharsets.UTF_8));
        return new ErrorPayload(code, message);
    }

    private static FrameException malformed(String what) {
        return new FrameException(ErrorCode.PROTOCOL_ERROR, "error frame: " + what);
    }
}
