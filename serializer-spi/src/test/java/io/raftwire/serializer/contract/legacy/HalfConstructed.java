package io.raftwire.serializer.contract.legacy;

/**
 * A final class whose constructor takes {@code name} while {@code count} is set later. It used to register as
 * {@code [name]} and drop {@code count} on the wire.
 */
public final class HalfConstructed {

    private final String name;
    private int count;

    public HalfConstructed(String name) {
        this.name = name;
    }

    public void setCount(int count) {
        this.count = count;
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
