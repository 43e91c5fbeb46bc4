package io.raftwire.serializer.model;

/**
 * A base class in its own nest with a private field: a generated codec of a subclass ({@code SubOfPrivateBase} in
 * {@code GeneratedCodecTest}) reads it through a {@link FieldReader}. Public, with a protected constructor, so that a
 * subclass defined by another class loader (another runtime package) may extend it.
 */
public class PrivateBase {
    private final long base;

    protected PrivateBase(long base) {
        this.base = base;
    }

    public long base() {
        return base;
    }
}
