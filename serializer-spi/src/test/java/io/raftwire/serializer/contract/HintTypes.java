package io.raftwire.serializer.contract;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.WeakHashMap;

/**
 * Pairs of classes for the registration hints: each {@code ...Before} is refused with a hint, and the matching
 * {@code ...After} is the same class with the hint applied.
 */
public final class HintTypes {

    private HintTypes() {
    }

    /** Inner, not static: refused ("add 'static'"). */
    public class InnerBefore {
        String name;
    }

    /** The hint applied. */
    public static class InnerAfter {
        String name = "n";

        @Override
        public boolean equals(Object o) {
            return o instanceof InnerAfter i && Objects.equals(name, i.name);
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(name);
        }
    }

    /** A raw list: refused ("type arguments, such as List<Long>"). */
    @SuppressWarnings("rawtypes")
    public static class RawBefore {
        List values;
    }

    /** The hint applied. */
    public record RawAfter(List<Long> values) {
    }

    /** A collection class raftwire does not carry: refused ("declare it as List<E>, Set<E> or Collection<E>"). */
    public static class DequeBefore {
        ArrayDeque<String> queue;
    }

    /** The hint applied. */
    public record DequeAfter(List<String> queue) {
    }

    /** A map class raftwire does not carry: refused ("declare it as Map<K, V>"). */
    public static class WeakMapBefore {
        WeakHashMap<String, String> cache;
    }

    /** The hint applied. */
    public record WeakMapAfter(Map<String, String> cache) {
    }

    /** A registered value without a natural order. */
    public record Unordered(String name) {
    }

    /** A sorted set of it: refused ("or declare it as Set<E>"). */
    public record SortedBefore(SortedSet<Unordered> items) {
    }

    /** The hint applied. */
    public record SortedAfter(Set<Unordered> items) {
    }

    /** A kind of animal; no implementation registered at first ("register the classes that implement it"). */
    public interface Animal {
    }

    /** An implementation, registered once the hint is applied. */
    public record Dog(String name) implements Animal {
    }

    /** Holds an animal. */
    public record Zoo(Animal star) {
    }

    /** Abstract, registered itself at first ("register its concrete subclasses"). */
    public abstract static class Vehicle {
        protected int wheels;
    }

    /** A concrete subclass, registered once the hint is applied. */
    public static final class Bike extends Vehicle {
        /** Two wheels. */
        public Bike() {
            wheels = 2;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Bike b && wheels == b.wheels;
        }

        @Override
        public int hashCode() {
            return wheels;
        }
    }

    /** Holds a vehicle. */
    public record Garage(Vehicle vehicle) {
    }

    /** A value class not registered at first ("register it with its own id"). */
    public record Tag(String text) {
    }

    /** Holds a tag. */
    public record Label(Tag tag) {
    }

    /** Extends a JDK class: refused ("hold a ArrayList in a field instead"). */
    public static class NamesBefore extends ArrayList<String> {
    }

    /** The hint applied. */
    public record NamesAfter(ArrayList<String> names) {
    }
}
