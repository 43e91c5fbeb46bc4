package io.raftwire.serializer.model;

/**
 * Signals, inside a provider, that a payload is malformed: a declared length beyond the bytes remaining, a type id
 * that is unknown or not allowed where it appears, nesting past the limit. It carries only the reason;
 * {@link io.raftwire.serializer.AbstractSerializer} turns it into a
 * {@link io.raftwire.serializer.SerializationException} with the provider, type and size, so it never reaches a
 * caller of a serializer.
 */
public final class MalformedPayloadException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param reason what was wrong and what was expected */
    public MalformedPayloadException(String reason) {
        super(reason, null, false, false);
    }
}
