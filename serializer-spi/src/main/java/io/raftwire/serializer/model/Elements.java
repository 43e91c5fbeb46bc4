package io.raftwire.serializer.model;

import io.raftwire.message.IndexedSet;

import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * The decisions about collection elements that every provider makes the same way: walking by index without an
 * iterator, refusing a null element or equal set elements (map keys) at encode, refusing a repeated set element or
 * map key at decode. Stateless.
 */
public final class Elements {

    /** Up to this many elements, {@link #requireDistinct} compares pairs; beyond, it hashes. */
    private static final int PAIRWISE_MAX = 16;
    /** Set and map classes whose contract is equality by {@code equals}: their elements are distinct as they stand. */
    private static final Set<Class<?>> EQUALS_BASED = Set.copyOf(List.of(HashSet.class, LinkedHashSet.class,
            CopyOnWriteArraySet.class, Set.of().getClass(), Set.of(1).getClass(), Set.of(1, 2, 3).getClass(),
            HashMap.class, LinkedHashMap.class, ConcurrentHashMap.class, Map.of().getClass(), Map.of(1, 1).getClass(),
            Map.of(1, 1, 2, 2).getClass())); // copyOf: some of these are the same class

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
     * Refuses at encode a set holding two elements equal to each other, which the receiver's decode would refuse
     * ({@link #add}): a set that is not {@code equals}-based (built on an {@code IdentityHashMap}, or sorted by a
     * comparator finer than {@code equals}), so that the sender gets the error rather than every peer. Sets whose
     * contract is {@code equals} (the JDK's hash and naturally sorted sets, {@code Set.of}, enum sets, the catalog's
     * {@link IndexedSet}) pass without a look; others are copied to an array and compared, pairwise up to
     * {@value #PAIRWISE_MAX} elements, through a hash map beyond: that allocates, once per such set per encode. A
     * null element is left to {@link #requireElement}, which the writer calls next.
     *
     * @param set   the collection about to be written; anything but a {@code Set} passes
     * @param label the place, for the message
     * @throws IllegalArgumentException naming the positions of the first two equal elements
     */
    public static void requireDistinct(Collection<?> set, String label) {
        if (!(set instanceof Set<?>)) {
            return;
        }
        boolean trusted = set instanceof IndexedSet<?> || set instanceof EnumSet<?>
                || (set instanceof SortedSet<?> s && s.comparator() == null && (s instanceof TreeSet<?>
                || s instanceof ConcurrentSkipListSet<?>));
        if (!trusted && !EQUALS_BASED.contains(set.getClass())) {
            compare(set, label, "elements");
        }
    }

    /** As {@link #requireDistinct(Collection, String)} for the keys of a map, which the receiver's decode would refuse too. */
    public static void requireDistinctKeys(Map<?, ?> map, String label) {
        boolean trusted = map instanceof EnumMap<?, ?> || (map instanceof SortedMap<?, ?> s && s.comparator() == null
                && (s instanceof TreeMap<?, ?> || s instanceof ConcurrentSkipListMap<?, ?>));
        if (!trusted && !EQUALS_BASED.contains(map.getClass())) {
            compare(map.keySet(), label, "keys");
        }
    }

    private static void compare(Collection<?> items, String label, String what) {
        Object[] a = items.toArray();
        for (Object x : a) {
            if (x == null) {
                return; // refused as a null element by the writer
            }
        }
        if (a.length <= PAIRWISE_MAX) {
            for (int i = 1; i < a.length; i++) {
                for (int j = 0; j < i; j++) {
                    if (a[j].equals(a[i])) {
                        throw equalItems(label, what, j, i);
                    }
                }
            }
            return;
        }
        Map<Object, Integer> first = new HashMap<>(a.length * 2);
        for (int i = 0; i < a.length; i++) {
            Integer j = first.putIfAbsent(a[i], i);
            if (j != null) {
                throw equalItems(label, what, j, i);
            }
        }
    }

    private static IllegalArgumentException equalItems(String label, String what, int j, int i) {
        return new IllegalArgumentException(label + " holds two equal " + what + ", at positions " + j + " and " + i
                + " in iteration order, which the receiver would refuse (expected: " + what + " distinct by equals;"
                + " an identity-based set or map, or a comparator finer than equals, can hold equal ones)");
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
