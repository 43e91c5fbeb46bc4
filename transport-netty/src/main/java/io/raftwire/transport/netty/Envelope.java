package io.raftwire.transport.netty;

import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameKind;

/**
 * A message frame after {@link PayloadDecoder}: the header fields and either the decoded message or the reason its
 * payload could not be decoded. Holds no buffer. Immutable.
 */
final class Envelope {

    private final FrameKind kind;
    private final int serializerId;
    private final int typeId;
    private final long correlationId;
    private final Object message;
    private final RuntimeException failure;

    private Envelope(Frame frame, Object message, RuntimeException failure) {
        this.kind = frame.kind();
        this.serializerId = frame.serializerId();
        this.typeId = frame.typeId();
        this.correlationId = frame.correlationId();
        this.message = message;
        this.failure = failure;
    }

    /** A decoded message; the frame is not retained. */
    static Envelope decoded(Frame frame, Object message) {
        return new Envelope(frame, message, null);
    }

    /** A payload that failed to decode; the frame is not retained. */
    static Envelope failed(Frame frame, RuntimeException failure) {
        return new Envelope(frame, null, failure);
    }

    FrameKind kind() {
        return kind;
    }

    int serializerId() {
        return serializerId;
    }

    int typeId() {
        return typeId;
    }

    long correlationId() {
        return correlationId;
    }

    /** The message, or {@code null} if decoding failed. */
    Object message() {
        return message;
    }

    /** Why decoding failed, or {@code null}. */
    RuntimeException failure() {
        return failure;
    }

    @Override
    public String toString() {
        return "Envelope[kind=" + kind + ", typeId=" + typeId + ", correlationId=" + correlationId
                + (failure == null ? "" : ", failure=" + failure.getMessage()) + ']';
    }
}
