package io.raftwire.message.request;

/**
 * Asks for the sessions open in the cluster. Answered by {@link io.raftwire.message.response.MetadataResponse}.
 * Immutable and thread-safe.
 */
public final class MetadataRequest extends SessionRequest {

    /**
     * @param session the asking session's id; {@code >= 0}
     * @throws IllegalArgumentException if {@code session} is negative
     */
    public MetadataRequest(long session) {
        super(session);
    }

    @Override
    public String toString() {
        return "MetadataRequest[session=" + session() + "]";
    }
}
