package io.raftwire.serializer.contract;

/**
 * A crafted payload for a hostile-input test.
 *
 * @param name   what it tries, for the failure message, e.g. {@code "InstallRequest.data length 2^31-1"}
 * @param typeId the type id the frame header would declare
 * @param bytes  the payload
 */
public record NamedPayload(String name, int typeId, byte[] bytes) {
    @Override
    public String toString() {
        return name + " (type " + typeId + ", " + bytes.length + " bytes)";
    }
}
