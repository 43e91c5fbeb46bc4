package io.raftwire.serializer;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Gives decoded collections of a registered class (on the class: every field; on a field or record component: that
 * one) mutable instances where the field is declared as an interface, for bean-style classes whose getters hand out
 * their collections for callers to change: {@code List} and {@code Collection} decode into an {@code ArrayList},
 * {@code Set} into a {@code LinkedHashSet} (encoded order), {@code SortedSet}/{@code NavigableSet} into a
 * {@code TreeSet}, {@code Map} into a {@code LinkedHashMap} (encoded order) and {@code SortedMap}/{@code NavigableMap}
 * into a {@code TreeMap}, collections nested in them too. Without it such fields decode into unmodifiable collections
 * (fields declared as a concrete class, such as {@code ArrayList}, always decode into that class). The wire format
 * does not change. It costs one copy of each such collection per decode.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.FIELD})
public @interface MutableCollections {
}
