package io.raftwire.message;

import java.util.Set;

/**
 * A set whose elements can also be read by position, in iteration order. Every set a catalog message holds is one,
 * so that a serializer can walk it with an index loop and encode without allocating an iterator.
 *
 * @param <E> the element type
 */
public interface IndexedSet<E> extends Set<E> {

    /**
     * The element at {@code index} in iteration order.
     *
     * @param index 0..{@code size() - 1}
     * @return the element, never null
     * @throws IndexOutOfBoundsException if {@code index} is out of range
     */
    E get(int index);
}
