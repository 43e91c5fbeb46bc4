package io.raftwire.message;

import java.util.AbstractSet;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The immutable set the catalog stores: iteration order is insertion order (so a message always encodes to the same
 * bytes, which {@link Set#copyOf} would not give), elements are never null, and {@link #get(int)} reads by position.
 * Equality and hash code follow {@link Set}. Every mutator throws {@link UnsupportedOperationException}, even when it
 * would change nothing.
 *
 * @param <E> the element type
 */
final class OrderedSet<E> extends AbstractSet<E> implements IndexedSet<E> {

    private final Object[] elements;
    private final Set<Object> lookup;

    private OrderedSet(Object[] elements, Set<Object> lookup) {
        this.elements = elements;
        this.lookup = lookup;
    }

    /** Copies {@code source} in its iteration order, dropping duplicates; null elements are the caller's to refuse. */
    static <E> OrderedSet<E> copyOf(Collection<? extends E> source) {
        Set<Object> lookup = new HashSet<>(Math.max(16, (int) (source.size() / 0.75f) + 1));
        Object[] elements = new Object[source.size()];
        int n = 0;
        for (E e : source) {
            if (lookup.add(Objects.requireNonNull(e, "element"))) {
                elements[n++] = e;
            }
        }
        return new OrderedSet<>(n == elements.length ? elements : java.util.Arrays.copyOf(elements, n), lookup);
    }

    @Override
    @SuppressWarnings("unchecked")
    public E get(int index) {
        Objects.checkIndex(index, elements.length);
        return (E) elements[index];
    }

    @Override
    public int size() {
        return elements.length;
    }

    @Override
    public boolean contains(Object o) {
        return o != null && lookup.contains(o);
    }

    @Override
    public Iterator<E> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < elements.length;
            }

            @Override
            @SuppressWarnings("unchecked")
            public E next() {
                if (next >= elements.length) {
                    throw new NoSuchElementException();
                }
                return (E) elements[next++];
            }
        };
    }

    @Override
    public boolean add(E e) {
        throw immutable();
    }

    @Override
    public boolean remove(Object o) {
        throw immutable();
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        throw immutable();
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        throw immutable();
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        throw immutable();
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        throw immutable();
    }

    @Override
    public void clear() {
        throw immutable();
    }

    private static UnsupportedOperationException immutable() {
        return new UnsupportedOperationException("catalog sets are immutable");
    }
}
