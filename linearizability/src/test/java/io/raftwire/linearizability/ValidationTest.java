package io.raftwire.linearizability;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Bad operations are refused when built, with a message naming the value and what was expected. */
class ValidationTest {

    private static void refused(String message, Executable e) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, e).getMessage());
    }

    @Test
    void shouldRefuseBadOperations() {
        refused("key is empty (expected: at least one character)", () -> KvInput.get(""));
        assertEquals("value (expected: a value; delete removes a key)",
                assertThrows(NullPointerException.class, () -> KvInput.put("k", null)).getMessage());
        refused("version = -2 (expected: >= 0, or UNKNOWN_VERSION = -1 when not observed)",
                () -> KvOutput.written(-2));
        refused("put(k, \"a\") returns at 5, called at 10 (expected: a return time >= the call time, "
                + "and < Operation.NEVER)", () -> Operation.ok("c", 10, 5, KvInput.put("k", "a"), KvOutput.written()));
        refused("ambiguous get(k) returns at 5 (expected: Operation.NEVER, it may take effect at any time after "
                + "its call)", () -> new Operation("c", 0, 5, KvInput.get("k"), Outcome.ambiguous()));
        refused("output CasResult swapped @v? does not answer delete(k) (expected: a DeleteResult)",
                () -> Operation.ok("c", 0, 5, KvInput.delete("k"), KvOutput.swapped(true)));
        refused("clientId is empty (expected: at least one character)",
                () -> Operation.failed("", 0, 5, KvInput.get("k")));
    }

    @Test
    void shouldRefuseBadLimits() {
        refused("maxStepsPerKey = 0 (expected: >= 1)", () -> new CheckLimits(0, 1, 0));
        refused("maxStatesPerKey = 0 (expected: >= 1)", () -> new CheckLimits(1, 0, 0));
        refused("maxShrinkChecks = -1 (expected: >= 0)", () -> new CheckLimits(1, 1, -1));
    }

    @Test
    void shouldComputeTheModelsAnswers() {
        KvModel m = KvModel.DEFAULT;
        KvState s = m.apply(KvState.INITIAL, KvInput.put("k", "a")).next();
        assertEquals(new KvState("a", 1), s);
        assertEquals(KvOutput.swapped(false, 1), m.apply(s, KvInput.cas("k", "b", "c")).output());
        assertEquals(new KvState("c", 2), m.apply(s, KvInput.cas("k", "a", "c")).next());
        assertEquals(new KvOutput.DeleteResult(true, 2), m.apply(s, KvInput.delete("k")).output());
        assertEquals(new KvOutput.DeleteResult(true, 0),
                new KvModel(KvModel.VersionScheme.RESET_ON_DELETE).apply(s, KvInput.delete("k")).output());
        assertEquals(new KvOutput.DeleteResult(false, 0), m.apply(KvState.INITIAL, KvInput.delete("k")).output());
        assertEquals(KvOutput.value("a", 1), m.apply(s, KvInput.get("k")).output());
    }
}
