package io.raftwire.serializer.model;

import io.raftwire.message.IndexedSet;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The decisions about collection elements that every provider makes the same way: walking by index without an
 * iterator, refusing a null element at encode, refusing a repeated set element or map key at decode. Stateless.
 */
public final class Elements {

    private Elements() {
    }

    /**
     * Whether {@link #get} can walk this collection by index, so that encoding allocates no iterator: a {@code List}
     * or a catalog {@link IndexedSet}.
     */
    public static boolean isIndexed(Collection<?> c) {
        return c instanceof List<?> || c instanceof IndexedSet<?>;
    }

    /** Element {@code k} of a collection {@link #isIndexed}. */
    public static Object get(Collection<?> c, int k) {
        return c instanceof List<?> l ? l.get(k) : ((IndexedSet<?>) c).get(k);
    }

    /**
     * Refuses a null element at encode, with the one message every provider gives.
     *
     * @param e     the element
     * @param label the collection, for the message, e.g. {@code "Batch.items"}
     * @return {@code e}
     * @throws IllegalArgumentException if {@code e} is null
     */
    public static Object requireElement(Object e, String label) {
        if (e == null) {
            throw new IllegalArgumentException(nullElement(label));
        }
        return e;
    }

    /** The message of a null element, for a provider that finds one without calling {@link #requireElement}. */
    public static String nullElement(String label) {
        return label + " holds a null element (expected: none; collections, maps and Optional never carry null)";
    }

    /**
     * Adds an element read from a payload, refusing a repeat (which only a set can detect).
     *
     * @param k the element's position, for the message
     * @throws MalformedPayloadException if a set already held an equal element
     */
    public static void add(Collection<Object> out, Object e, String label, int k) {
        if (!out.add(e)) {
            throw new MalformedPayloadException(label + " element " + k + " repeats an earlier one"
                    + " (expected: distinct set elements)");
        }
    }

    /**
     * Puts an entry read from a payload, refusing a repeated key.
     *
     * @param k the entry's position, for the message
     * @throws MalformedPayloadException if the map already held an equal key
     */
    public static void put(Map<Object, Object> out, Object key, Object value, String label, int k) {
        if (out.putIfAbsent(key, value) != null) {
            throw new MalformedPayloadException(label + " entry " + k + " repeats an earlier key"
                    + " (expected: distinct map keys)");
        }
    }
}
