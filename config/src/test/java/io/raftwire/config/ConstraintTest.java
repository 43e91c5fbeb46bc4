package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** One test per kind of constraint: accepted values pass, rejected ones say what was expected. */
class ConstraintTest {

    @Test
    void shouldRejectValuesBelowAtLeast() {
        Constraint<Integer> constraint = Constraint.atLeast(256);
        assertNull(constraint.check(256));
        assertNull(constraint.check(Integer.MAX_VALUE));
        assertEquals(">= 256", constraint.check(255));
        assertEquals(">= 256", constraint.check(Integer.MIN_VALUE));
    }

    @Test
    void shouldRejectValuesOutsideBetweenInclusiveBounds() {
        Constraint<Integer> constraint = Constraint.between(2, 1024);
        assertNull(constraint.check(2));
        assertNull(constraint.check(1024));
        assertEquals("2..1024", constraint.check(1));
        assertEquals("2..1024", constraint.check(1025));
    }

    @Test
    void shouldRejectNanAndInfinityOutsideDoubleRange() {
        Constraint<Double> constraint = Constraint.between(1.0, 10.0);
        assertNull(constraint.check(1.6));
        assertEquals("1.0..10.0", constraint.check(0.99));
        assertEquals("1.0..10.0", constraint.check(Double.NaN));
        assertEquals("1.0..10.0", constraint.check(Double.POSITIVE_INFINITY));
    }

    @Test
    void shouldRefuseBetweenWithSwappedBounds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Constraint.between(5, 1));
        assertEquals("min = 5 (expected: <= max 1)", e.getMessage());
    }

    @Test
    void shouldAcceptZeroOrRangeWithOr() {
        Constraint<Integer> constraint = Constraint.<Integer>equalTo(0).or(Constraint.between(100, 3_600_000));
        assertNull(constraint.check(0));
        assertNull(constraint.check(100));
        assertEquals("0 or 100..3600000", constraint.check(50));
        assertEquals("0 or 100..3600000", constraint.check(-1));
    }

    @Test
    void shouldReportTheFirstFailingHalfOfAnd() {
        Constraint<Integer> constraint = Constraint.atLeast(1).and(Constraint.between(0, 10));
        assertNull(constraint.check(5));
        assertEquals(">= 1", constraint.check(0));
        assertEquals("0..10", constraint.check(11));
        assertEquals(">= 1 and 0..10", constraint.description());
    }

    @Test
    void shouldRejectTextNotMatchingThePatternAsAWhole() {
        Constraint<String> constraint = Constraint.pattern("a name", "[a-z][a-z0-9-]*");
        assertNull(constraint.check("kryo"));
        assertEquals("a name matching [a-z][a-z0-9-]*", constraint.check("Kryo"));
        assertEquals("a name matching [a-z][a-z0-9-]*", constraint.check("kryo!"));
        assertEquals("a name matching [a-z][a-z0-9-]*", constraint.check(""));
    }

    @Test
    void shouldNameTheFirstBadElementOfEach() {
        Constraint<List<String>> constraint = Constraint.each(Constraint.pattern("a name", "[a-z]+"));
        assertNull(constraint.check(List.of()));
        assertNull(constraint.check(List.of("kryo", "jdk")));
        assertEquals("each a name matching [a-z]+ (bad: Jdk)", constraint.check(List.of("kryo", "Jdk", "X")));
    }

    @Test
    void shouldNameTheRepeatedPropertyOfDistinct() {
        Constraint<List<String>> constraint = Constraint.distinct("names", Function.identity());
        assertNull(constraint.check(List.of("kryo", "jdk")));
        assertEquals("unique names (jdk appears twice)", constraint.check(List.of("jdk", "kryo", "jdk")));
    }

    @Test
    void shouldAcceptEverythingWithAny() {
        Constraint<String> constraint = Constraint.any();
        assertTrue(constraint.isAny());
        assertNull(constraint.check(""));
        assertEquals("any value", constraint.description());
    }
}
