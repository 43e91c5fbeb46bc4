package io.raftwire.transport;

import java.util.Objects;

/**
 * Why a request or send failed. The one exception type the transport completes futures with (the original cause, if
 * any, is kept); {@link #reason()} tells a caller what to do, {@link #retriable()} whether trying again later may
 * succeed.
 */
public final class TransportException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** The failure classes a caller can act on. */
    public enum Reason {
        /** The member id is not one of the transport's peers. */
        UNKNOWN_PEER(false),
        /** No connection to the peer: it refused, is down, or the last attempt failed and the next is not due. */
        UNREACHABLE(true),
        /** The connection closed while the request was in flight; the peer may or may not have processed it. */
        CONNECTION_CLOSED(true),
        /** No response within the request's deadline. */
        TIMEOUT(true),
        /**
         * Refused at once to bound memory: too many requests pending for the peer, or the connection's outbound buffer
         * is above {@code raftwire.transport.write-buffer-high-bytes} because the peer is not reading fast enough.
         */
        OVERLOADED(true),
        /**
         * The message encodes to a frame larger than {@code raftwire.transport.max-frame-bytes}, or the peer's response
         * to it does (by the peer's limit).
         */
        FRAME_TOO_LARGE(false),
        /** This node could not encode the message, or the peer could not encode its response. */
        ENCODE_FAILED(false),
        /** The peer could not decode the request, or this node could not decode the response. */
        DECODE_FAILED(false),
        /** The peer has no handler for the request's type. */
        NO_HANDLER(false),
        /** The peer's handler threw or completed exceptionally; the message carries its description. */
        HANDLER_FAILED(false),
        /** The peer is incompatible: different cluster, registry, serializers or member id. */
        HANDSHAKE_REFUSED(false),
        /** A peer broke the protocol, or answered with a response of an unexpected type. */
        PROTOCOL_ERROR(false),
        /** The transport is closed (or not started). */
        CLOSED(false);

        private final boolean retriable;

        Reason(boolean retriable) {
            this.retriable = retriable;
        }

        /** Whether the same call may succeed if tried again later. */
        public boolean retriable() {
            return retriable;
        }
    }

    private final Reason reason;
    private final String memberId;

    /**
     * @param reason   the failure class
     * @param memberId the peer concerned, or empty
     * @param message  what happened, lower case, with the values involved
     * @param cause    the underlying exception, or {@code null}
     */
    public TransportException(Reason reason, String memberId, String message, Throwable cause) {
        super(message, cause);
        this.reason = Objects.requireNonNull(reason, "reason");
        this.memberId = Objects.requireNonNull(memberId, "memberId");
    }

    /** The failure class. */
    public Reason reason() {
        return reason;
    }

    /** The peer concerned, or empty if none. */
    public String memberId() {
        return memberId;
    }

    /** Whether trying again later may succeed; see {@link Reason#retriable()}. */
    public boolean retriable() {
        return reason.retriable();
    }
}
