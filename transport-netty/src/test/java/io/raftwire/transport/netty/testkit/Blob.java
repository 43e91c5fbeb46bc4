package io.raftwire.transport.netty.testkit;

import java.util.Arrays;
import java.util.Objects;

/**
 * A test message with a byte payload of any size (user type id {@value TestTypes#BLOB_ID}).
 *
 * @param n    any number
 * @param data the bytes, not null (not copied: test code only)
 */
public record Blob(long n, byte[] data) {

    /** Checks for null. */
    public Blob {
        Objects.requireNonNull(data, "data");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Blob b && b.n == n && Arrays.equals(b.data, data);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(n) * 31 + Arrays.hashCode(data);
    }

    @Override
    public String toString() {
        return "Blob[n=" + n + ", data=" + data.length + " bytes]";
    }
}
