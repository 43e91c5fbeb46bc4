package io.raftwire.serializer;

/**
 * The one exception every serializer throws, for encoding and decoding alike. The message names the provider,
 * the direction, the type and the payload size, then the reason, for example
 * {@code kryo: cannot decode VoteRequest (type 12, 37 bytes): declared string length 2147483647 exceeds the 29
 * bytes remaining}. The library's own exception, if any, is kept as the cause.
 */
public final class SerializationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String provider;
    private final int typeId;
    private final int sizeBytes;

    /**
     * @param provider  the provider name, or {@code "registry"} for failures before a provider is involved
     * @param operation what was attempted: {@code "encode"} or {@code "decode"}
     * @param typeName  the simple name of the type, or {@code "unknown type"}
     * @param typeId    the registered type id, or -1 when unknown
     * @param sizeBytes the payload size in bytes, or -1 when not known yet
     * @param reason    what was wrong and what was expected
     * @param cause     the underlying exception, or {@code null}
     */
    public SerializationException(String provider, String operation, String typeName, int typeId, int sizeBytes,
            String reason, Throwable cause) {
        super(provider + ": cannot " + operation + ' ' + typeName + " (type " + typeId
                + (sizeBytes >= 0 ? ", " + sizeBytes + " bytes" : "") + "): " + reason, cause);
        this.provider = provider;
        this.typeId = typeId;
        this.sizeBytes = sizeBytes;
    }

    /** A failure that is not about one payload: configuration, registration, provider loading. */
    public SerializationException(String message) {
        super(message);
        this.provider = "";
        this.typeId = -1;
        this.sizeBytes = -1;
    }

    /** Same as {@link #SerializationException(String)}, keeping a cause. */
    public SerializationException(String message, Throwable cause) {
        super(message, cause);
        this.provider = "";
        this.typeId = -1;
        this.sizeBytes = -1;
    }

    /** The provider that failed; empty for failures outside a provider. */
    public String provider() {
        return provider;
    }

    /** The registered type id involved, or -1. */
    public int typeId() {
        return typeId;
    }

    /** The payload size in bytes, or -1. */
    public int sizeBytes() {
        return sizeBytes;
    }
}
