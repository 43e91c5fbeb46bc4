package io.raftwire.transport.netty.codec;

import io.netty.handler.codec.CorruptedFrameException;

import java.util.Objects;

/**
 * A frame that cannot be accepted: bad header, unknown or refused serializer id, unknown type id, a control frame out
 * of place, or a refused handshake. The stream cannot be trusted after one, so the pipeline answers with an
 * {@link FrameKind#ERROR error frame} carrying {@link #code()} and the message, then closes the connection.
 */
public final class FrameException extends CorruptedFrameException {

    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final String peerMessage;

    /**
     * For a violation whose message holds nothing the peer should not learn.
     *
     * @param code    what kind of violation, sent to the peer
     * @param message what was wrong and what was expected, sent to the peer and logged
     */
    public FrameException(ErrorCode code, String message) {
        this(code, message, message);
    }

    /**
     * For a violation whose full message holds this node's own values (cluster id, fingerprints, member ids,
     * accepted serializers): a peer that has not completed the handshake is told only {@code peerMessage}.
     *
     * @param code        what kind of violation, sent to the peer
     * @param message     what was wrong and what was expected, logged here (and sent to an authenticated peer)
     * @param peerMessage which check failed, with no expected value: what an unauthenticated peer is told
     */
    public FrameException(ErrorCode code, String message, String peerMessage) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
        this.peerMessage = Objects.requireNonNull(peerMessage, "peerMessage");
    }

    /**
     * No stack trace: a bad frame is an event on the wire, not a bug here, and the message says everything. This
     * also keeps a peer that floods garbage from costing a stack walk per frame.
     */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }

    /** What a peer that has not completed the handshake is told: which check failed, never an expected value. */
    public String peerMessage() {
        return peerMessage;
    }

    /** The code sent to the peer in the error frame. */
    public ErrorCode code() {
        return code;
    }
}
