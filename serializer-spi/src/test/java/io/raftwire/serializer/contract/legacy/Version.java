package io.raftwire.serializer.contract.legacy;

import io.raftwire.serializer.ValidatedAfterDecode;

/** A protocol version parsed from text; checks its state again after decode, since decoding skips the constructor. */
public final class Version implements ValidatedAfterDecode {

    private final int major;
    private final int minor;

    public Version(String text) {
        String[] parts = text.split("\\.");
        this.major = Integer.parseInt(parts[0]);
        this.minor = Integer.parseInt(parts[1]);
        validateAfterDecode();
    }

    @Override
    public void validateAfterDecode() {
        if (major < 0 || minor < 0) {
            throw new IllegalArgumentException("version " + major + "." + minor + " (expected: non-negative parts)");
        }
    }

    @Override
    public boolean equals(Object o) {
        return LegacyState.equal(this, o);
    }

    @Override
    public int hashCode() {
        return LegacyState.hash(this);
    }

    @Override
    public String toString() {
        return LegacyState.describe(this);
    }
}
