package io.raftwire.serializer.contract.legacy;

/**
 * A final class with a no-arg constructor and setters. Before every field was required to be written, it registered
 * with no components and decoded as {@code name=null, count=0} in every provider.
 */
public final class SetterBean {

    private String name;
    private int count;

    public SetterBean() {
    }

    public void setName(String name) {
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
