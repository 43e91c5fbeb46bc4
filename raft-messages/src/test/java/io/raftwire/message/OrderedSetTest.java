package io.raftwire.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class OrderedSetTest {

    @Test
    void keepsInsertionOrderForIterationAndIndex() {
        Set<String> source = new LinkedHashSet<>(List.of("z", "a", "m", "b"));
        IndexedSet<String> set = Checks.copy(source, "s");
        assertEquals(List.of("z", "a", "m", "b"), new ArrayList<>(set));
        for (int i = 0; i < set.size(); i++) {
            assertEquals(List.copyOf(source).get(i), set.get(i));
        }
        assertThrows(IndexOutOfBoundsException.class, () -> set.get(4));
        assertThrows(IndexOutOfBoundsException.class, () -> set.get(-1));
    }

    @Test
    void equalsAndHashCodeFollowSet() {
        IndexedSet<Integer> set = Checks.copy(new LinkedHashSet<>(List.of(3, 1, 2)), "s");
        assertEquals(new HashSet<>(List.of(1, 2, 3)), set);
        assertEquals(set, new HashSet<>(List.of(2, 3, 1)));
        assertEquals(Set.of(1, 2, 3).hashCode(), set.hashCode());
        assertTrue(set.contains(2));
        assertFalse(set.contains(4));
        assertFalse(set.contains(null));
    }

    @Test
    void everyMutatorThrowsEvenWhenItWouldChangeNothing() {
        IndexedSet<String> empty = Checks.copy(new LinkedHashSet<String>(), "s");
        IndexedSet<String> one = Checks.copy(new LinkedHashSet<>(List.of("x")), "s");
        for (IndexedSet<String> s : List.of(empty, one)) {
            assertThrows(UnsupportedOperationException.class, s::clear);
            assertThrows(UnsupportedOperationException.class, () -> s.add("x"));
            assertThrows(UnsupportedOperationException.class, () -> s.remove("y"));
            assertThrows(UnsupportedOperationException.class, () -> s.addAll(List.of()));
            assertThrows(UnsupportedOperationException.class, () -> s.removeAll(List.of()));
            assertThrows(UnsupportedOperationException.class, () -> s.retainAll(List.of()));
            assertThrows(UnsupportedOperationException.class, () -> s.removeIf(e -> false));
        }
        var it = one.iterator();
        it.next();
        assertThrows(UnsupportedOperationException.class, it::remove);
    }
}
