package io.raftwire.serializer.contract.legacy;

import java.io.Serializable;

/**
 * Base of the typed ids, as many code bases have one: a generic value with protected access, compared by class and
 * value. Subclasses fix {@code T}; raftwire resolves the type variable to write the value.
 *
 * @param <T> the value type
 */
public abstract class Id<T extends Comparable<T>> implements Comparable<Id<T>>, Serializable {

    private static final long serialVersionUID = 1L;

    protected T value;

    protected Id() {
    }

    protected Id(T value) {
        if (value == null) {
            throw new IllegalArgumentException("id value is null");
        }
        this.value = value;
    }

    public T getValue() {
        return value;
    }

    @Override
    public int compareTo(Id<T> other) {
        return value.compareTo(other.value);
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && value.equals(((Id<?>) o).value);
    }

    @Override
    public int hashCode() {
        return getClass().getSimpleName().hashCode() * 31 + value.hashCode();
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "(" + value + ")";
    }
}
