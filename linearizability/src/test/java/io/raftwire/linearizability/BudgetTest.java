package io.raftwire.linearizability;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A search that would need too much work ends UNKNOWN, reported as such and never taken for a pass. */
class BudgetTest {

    /** 20 concurrent puts, then a read of a value none wrote: proving it wrong visits about 20 x 2^19 states. */
    private static List<Operation> expensive(String key) {
        List<Operation> ops = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            ops.add(Operation.ok("c" + i, 0, 1000, KvInput.put(key, "v" + i), KvOutput.written()));
        }
        ops.add(Operation.ok("reader", 2000, 2010, KvInput.get(key), KvOutput.value("never")));
        return ops;
    }

    @Test
    void shouldAnswerUnknownWhenTheStepBudgetRunsOut() {
        CheckResult r = new LinearizabilityChecker(KvModel.DEFAULT, new CheckLimits(10_000, 1_000_000, 0))
                .check(expensive("x"));
        assertEquals(Verdict.UNKNOWN, r.verdict(), r::report);
        assertFalse(r.isLinearizable());
        KeyResult k = r.keys().get(0);
        assertEquals(10_000, k.steps());
        assertTrue(k.witness().isEmpty());
        assertTrue(r.report().contains("key x: UNKNOWN")
                && r.report().contains("search budget exhausted, NOT a pass"), r::report);
    }

    @Test
    void shouldAnswerUnknownWhenTheStateBudgetRunsOut() {
        CheckResult r = new LinearizabilityChecker(KvModel.DEFAULT, new CheckLimits(Long.MAX_VALUE, 500, 0))
                .check(expensive("x"));
        assertEquals(Verdict.UNKNOWN, r.verdict(), r::report);
        assertTrue(r.keys().get(0).states() > 500 && r.keys().get(0).states() <= 501, r::report);
    }

    @Test
    void shouldStillReportAViolationOfAnotherKeyWhenOneKeyIsUnknown() {
        List<Operation> h = new ArrayList<>(expensive("x"));
        h.add(Operation.ok("c", 0, 10, KvInput.put("y", "a"), KvOutput.written()));
        h.add(Operation.ok("c", 20, 30, KvInput.get("y"), KvOutput.value("b")));
        CheckResult r = new LinearizabilityChecker(KvModel.DEFAULT, new CheckLimits(10_000, 1_000_000, 10)).check(h);
        assertEquals(Verdict.VIOLATION, r.verdict(), r::report);
        assertEquals(List.of(Verdict.UNKNOWN, Verdict.VIOLATION), r.keys().stream().map(KeyResult::verdict).toList());
        assertTrue(r.report().contains("1 keys violating, 1 keys unknown"), r::report);
    }

    @Test
    void shouldDecideTheSameHistoryWithinTheDefaultBudgetWhenItIsLinearizable() {
        List<Operation> h = new ArrayList<>(expensive("x"));
        h.set(20, Operation.ok("reader", 2000, 2010, KvInput.get("x"), KvOutput.value("v7")));
        assertEquals(Verdict.LINEARIZABLE, new LinearizabilityChecker().check(h).verdict());
    }
}
