package io.raftwire.serializer.contract;

/**
 * A crafted payload for a hostile-input test.
 *
 * @param name   what it tries, for the failure message, e.g. {@code "InstallRequest.data length 2^31-1"}
 * @param typeId the type id the frame header would declare
 * @param bytes  the payload
 * @param reason a part of the refusal message that names the check meant to refuse it (for a declared length: the
 *               place and the value, e.g. {@code "InstallRequest.data = 2147483647 (expected: 0.."}), so that a
 *               refusal for some other, later reason fails the test; {@code null} where any refusal will do
 */
public record NamedPayload(String name, int typeId, byte[] bytes, String reason) {

    /** A payload any refusal of which is acceptable. */
    public NamedPayload(String name, int typeId, byte[] bytes) {
        this(name, typeId, bytes, null);
    }

    @Override
    public String toString() {
        return name + " (type " + typeId + ", " + bytes.length + " bytes)";
    }
}
