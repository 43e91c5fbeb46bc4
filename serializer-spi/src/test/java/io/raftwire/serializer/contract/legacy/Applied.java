package io.raftwire.serializer.contract.legacy;

/** A command applied at an index, with its result. */
public final class Applied implements Outcome {

    private long index;
    private Object value;

    public Applied() {
    }

    public Applied(long index, Object value) {
        this.index = index;
        this.value = value;
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
