package io.raftwire.message;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one message format of every validation failure, and the copies {@link Checks} makes. */
class ChecksTest {

    @Test
    void shouldNameTheComponentTheValueAndTheExpectation() {
        assertMessage("term = -5 (expected: >= 0)", () -> Checks.nonNegative(-5L, "term"));
        assertMessage("offset = -1 (expected: >= 0)", () -> Checks.nonNegative(-1, "offset"));
        assertMessage("maxTimeout = 5 (expected: >= minTimeout = 10)", () -> Checks.atLeast(5, "maxTimeout", 10,
                "minTimeout"));
        assertMessage("id = \"\" (expected: not empty)", () -> Checks.notEmpty("", "id"));
        assertMessage("sessionIds[2] = -1 (expected: >= 0)", () -> Checks.copyNonNegative(new long[] {0, 1, -1},
                "sessionIds"));
        assertMessage("eventIndexes.length = 1 (expected: == sessionIds.length = 2)",
                () -> Checks.sameLength(new long[1], "eventIndexes", new long[2], "sessionIds"));
    }

    @Test
    void shouldNameMissingValuesAndMissingElements() {
        assertNullMessage("leader = null (expected: not null)", () -> Checks.notNull(null, "leader"));
        assertNullMessage("id = null (expected: not null)", () -> Checks.notEmpty(null, "id"));
        assertNullMessage("data = null (expected: not null)", () -> Checks.copy((byte[]) null, "data"));
        assertNullMessage("members[1] = null (expected: not null)",
                () -> Checks.copy(Arrays.asList("a", null), "members"));
        assertNullMessage("sessions[0] = null (expected: not null)",
                () -> Checks.copy(new LinkedHashSet<>(Arrays.asList((String) null)), "sessions"));
    }

    @Test
    void shouldReturnValidValuesUnchanged() {
        assertEquals(0L, Checks.nonNegative(0L, "term"));
        assertEquals(Long.MAX_VALUE, Checks.atLeast(Long.MAX_VALUE, "max", Long.MAX_VALUE, "min"));
        assertEquals("x", Checks.notEmpty("x", "id"));
    }

    @Test
    void shouldCopyArraysAndCollections() {
        byte[] bytes = {1, 2};
        assertNotSame(bytes, Checks.copy(bytes, "data"));
        assertArrayEquals(bytes, Checks.copy(bytes, "data"));
        List<String> list = new ArrayList<>(List.of("a", "b"));
        List<String> copy = Checks.copy(list, "members");
        list.add("c");
        assertEquals(List.of("a", "b"), copy);
    }

    @Test
    void shouldKeepTheIterationOrderOfASet() {
        Set<Integer> scrambled = new LinkedHashSet<>(List.of(9, 3, 7, 1, 8, 2, 6, 0, 5, 4));
        assertEquals(new ArrayList<>(scrambled), new ArrayList<>(Checks.copy(scrambled, "sessions")));
        assertThrows(UnsupportedOperationException.class, () -> Checks.copy(scrambled, "sessions").add(10));
    }

    private static void assertMessage(String expected, Runnable call) {
        assertEquals(expected, assertThrows(IllegalArgumentException.class, call::run).getMessage());
    }

    private static void assertNullMessage(String expected, Runnable call) {
        assertEquals(expected, assertThrows(NullPointerException.class, call::run).getMessage());
    }
}
