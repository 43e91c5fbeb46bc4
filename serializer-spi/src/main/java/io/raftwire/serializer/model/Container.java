package io.raftwire.serializer.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The collection or map a declared type decodes into: the declared class itself when it is concrete
 * ({@code ArrayList}, {@code HashMap}, ...), an unmodifiable equivalent when it is an interface ({@code List},
 * {@code Collection}, {@code SortedMap}, ...). Sets and maps that are not sorted keep their encoded order
 * ({@code LinkedHashSet}, {@code LinkedHashMap}); sorted ones use the natural order of their elements or keys, and a
 * sorted collection with a comparator of its own is refused at encode in a sorted place (the comparator cannot
 * travel). A {@code Collection} place decodes into a list, so only a {@code List} is accepted there at encode
 * ({@code ShapeCodec}). An {@code EnumSet} or {@code EnumMap} decodes into one of the declared enum type (known from
 * the declaration, so an empty one keeps it); concurrent ones into the declared concrete class, {@code ConcurrentMap}
 * into a {@code ConcurrentHashMap} and {@code ConcurrentNavigableMap} into a {@code ConcurrentSkipListMap}.
 */
public enum Container {
    /** {@code List} or {@code Collection}: an unmodifiable list. */
    LIST(List.class, false, true),
    /** {@code ArrayList}. */
    ARRAY_LIST(ArrayList.class, false, false),
    /** {@code LinkedList}. */
    LINKED_LIST(LinkedList.class, false, false),
    /** {@code Set}: an unmodifiable set in encoded order. */
    SET(Set.class, false, true),
    /** {@code HashSet}. */
    HASH_SET(HashSet.class, false, false),
    /** {@code LinkedHashSet}. */
    LINKED_HASH_SET(LinkedHashSet.class, false, false),
    /** {@code SortedSet} or {@code NavigableSet}: an unmodifiable set in natural order. */
    SORTED_SET(NavigableSet.class, true, true),
    /** {@code TreeSet}, natural order. */
    TREE_SET(TreeSet.class, true, false),
    /** {@code Map}: an unmodifiable map in encoded order. */
    MAP(Map.class, false, true),
    /** {@code HashMap}. */
    HASH_MAP(HashMap.class, false, false),
    /** {@code LinkedHashMap}. */
    LINKED_HASH_MAP(LinkedHashMap.class, false, false),
    /** {@code SortedMap} or {@code NavigableMap}: an unmodifiable map in natural key order. */
    SORTED_MAP(NavigableMap.class, true, true),
    /** {@code TreeMap}, natural key order. */
    TREE_MAP(TreeMap.class, true, false),
    /** {@code EnumSet<E>}: an {@code EnumSet} of the declared enum type, in ordinal order. */
    ENUM_SET(EnumSet.class, false, false),
    /** {@code EnumMap<K, V>}: an {@code EnumMap} of the declared enum key type, in ordinal order. */
    ENUM_MAP(EnumMap.class, false, false),
    /** {@code CopyOnWriteArrayList}. */
    COPY_ON_WRITE_ARRAY_LIST(CopyOnWriteArrayList.class, false, false),
    /** {@code ConcurrentSkipListSet}, natural order. */
    CONCURRENT_SKIP_LIST_SET(ConcurrentSkipListSet.class, true, false),
    /** {@code ConcurrentMap} or {@code ConcurrentHashMap}: a {@code ConcurrentHashMap}. */
    CONCURRENT_HASH_MAP(ConcurrentHashMap.class, false, false),
    /** {@code ConcurrentNavigableMap} or {@code ConcurrentSkipListMap}: a {@code ConcurrentSkipListMap}, key order. */
    CONCURRENT_SKIP_LIST_MAP(ConcurrentSkipListMap.class, true, false);

    private final Class<?> type;
    private final boolean sorted;
    private final boolean unmodifiable;

    Container(Class<?> type, boolean sorted, boolean unmodifiable) {
        this.type = type;
        this.sorted = sorted;
        this.unmodifiable = unmodifiable;
    }

    /**
     * The container of a declared collection or map type, or {@code null} if raftwire does not decode into it.
     *
     * @param declared the declared (erased) type of a component or element
     */
    public static Container of(Class<?> declared) {
        if (declared == List.class || declared == Collection.class) {
            return LIST;
        } else if (declared == SortedSet.class) {
            return SORTED_SET;
        } else if (declared == SortedMap.class) {
            return SORTED_MAP;
        } else if (declared == ConcurrentMap.class) {
            return CONCURRENT_HASH_MAP;
        } else if (declared == ConcurrentNavigableMap.class) {
            return CONCURRENT_SKIP_LIST_MAP;
        }
        for (Container c : values()) {
            if (c.type == declared) {
                return c;
            }
        }
        return null;
    }

    /** Whether this is a map. */
    public boolean isMap() {
        return Map.class.isAssignableFrom(type);
    }

    /** Whether this is a set. */
    public boolean isSet() {
        return Set.class.isAssignableFrom(type);
    }

    /** Whether this decodes into an {@code EnumSet} or {@code EnumMap}, which needs the enum type to be created. */
    public boolean isEnumKeyed() {
        return this == ENUM_SET || this == ENUM_MAP;
    }

    /** Whether elements (keys, for a map) are kept in natural order, so must be {@link Comparable}. */
    public boolean isSorted() {
        return sorted;
    }

    /**
     * A new, empty, mutable container for a count that passed {@link Bounds#checkCount}; sized with
     * {@link Bounds#initialCapacity}, so a hostile count cannot make the table outgrow the payload.
     */
    public Object newContainer(int checkedCount) {
        return newContainer(checkedCount, null);
    }

    /**
     * As {@link #newContainer(int)}, for any container.
     *
     * @param enumType for {@link #ENUM_SET} and {@link #ENUM_MAP}: the declared enum element or key type; otherwise
     *                 ignored
     * @throws IllegalStateException if an enum set or map is asked for without its enum type
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Object newContainer(int checkedCount, Class<?> enumType) {
        if (isEnumKeyed() && (enumType == null || !enumType.isEnum())) {
            throw new IllegalStateException(this + " needs its enum type, got " + enumType);
        }
        int n = Bounds.initialCapacity(checkedCount);
        int table = Math.max(16, (int) (n / .75f) + 1);
        return switch (this) {
            case LIST, ARRAY_LIST, COPY_ON_WRITE_ARRAY_LIST -> new ArrayList<>(n);
            case LINKED_LIST -> new LinkedList<>();
            case SET, LINKED_HASH_SET -> new LinkedHashSet<>(table);
            case HASH_SET -> new HashSet<>(table);
            case SORTED_SET, TREE_SET -> new TreeSet<>();
            case MAP, LINKED_HASH_MAP -> new LinkedHashMap<>(table);
            case HASH_MAP -> new HashMap<>(table);
            case SORTED_MAP, TREE_MAP -> new TreeMap<>();
            case ENUM_SET -> EnumSet.noneOf((Class) enumType);
            case ENUM_MAP -> new EnumMap<>((Class) enumType);
            case CONCURRENT_SKIP_LIST_SET -> new ConcurrentSkipListSet<>();
            case CONCURRENT_HASH_MAP -> new ConcurrentHashMap<>(table);
            case CONCURRENT_SKIP_LIST_MAP -> new ConcurrentSkipListMap<>();
        };
    }

    /**
     * The value to hand to the owner: the container itself, an unmodifiable view for an interface type, or for a
     * {@code CopyOnWriteArrayList} one built from the list read (one array copy, instead of one per element).
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public Object finish(Object container) {
        if (this == COPY_ON_WRITE_ARRAY_LIST) {
            return new CopyOnWriteArrayList<>((List) container);
        }
        if (!unmodifiable) {
            return container;
        }
        return switch (this) {
            case LIST -> Collections.unmodifiableList((List) container);
            case SET -> Collections.unmodifiableSet((Set) container);
            case SORTED_SET -> Collections.unmodifiableNavigableSet((NavigableSet) container);
            case MAP -> Collections.unmodifiableMap((Map) container);
            case SORTED_MAP -> Collections.unmodifiableNavigableMap((NavigableMap) container);
            default -> container;
        };
    }
}
