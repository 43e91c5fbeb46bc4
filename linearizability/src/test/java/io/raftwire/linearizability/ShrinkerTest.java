package io.raftwire.linearizability;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report of a violation shows the few operations that explain it, not the whole history. */
class ShrinkerTest {

    /** 40 sequential writes each read back correctly (versions observed), then a read of the 4th value. */
    private static List<Operation> longHistoryWithAStaleRead(boolean versions) {
        List<Operation> ops = new ArrayList<>();
        long t = 0;
        for (int i = 1; i <= 40; i++) {
            ops.add(Operation.ok("w", t, t + 10, KvInput.put("x", "v" + i),
                    versions ? KvOutput.written(i) : KvOutput.written()));
            ops.add(Operation.ok("r", t + 20, t + 30, KvInput.get("x"),
                    versions ? KvOutput.value("v" + i, i) : KvOutput.value("v" + i)));
            t += 100;
        }
        ops.add(Operation.ok("stale", t, t + 10, KvInput.get("x"), KvOutput.value("v4")));
        return ops;
    }

    @Test
    void shouldShrinkAStaleReadToTheWriteItSawALaterWriteAndTheRead() {
        CheckResult r = new LinearizabilityChecker().check(longHistoryWithAStaleRead(true));
        KeyResult k = r.keysWith(Verdict.VIOLATION).get(0);
        assertEquals(81, k.operations());
        assertEquals(3, k.witness().size(), k::describe);
        assertTrue(k.witnessErased(), "the stale value alone shows the violation");
        assertEquals(KvInput.put("x", "v4"), k.witness().get(0).input());
        assertTrue(k.witness().get(1).input() instanceof KvInput.Put, k::describe);
        assertEquals("stale", k.witness().get(2).clientId());
        String report = r.report();
        assertTrue(report.contains("smallest failing sub-history found (3 of 81 operations"), report);
        assertTrue(report.contains("versions and delete flags were not needed and are not shown"), report);
        assertTrue(report.contains("put(x, \"v4\")") && report.contains("get(x)")
                && report.contains("-> ok \"v4\" @v?"), report);
        assertEquals(6, report.lines().count(), report); // summary, key, heading, three operations
    }

    @Test
    void shouldKeepEveryWriteWhenOnlyTheVersionShowsTheViolation() {
        List<Operation> ops = longHistoryWithAStaleRead(true);
        ops.set(ops.size() - 1, Operation.ok("dup", ops.get(ops.size() - 1).callNanos(),
                ops.get(ops.size() - 1).returnNanos(), KvInput.get("x"), KvOutput.value("v40", 41)));
        KeyResult k = new LinearizabilityChecker().check(ops).keysWith(Verdict.VIOLATION).get(0);
        assertFalse(k.witnessErased());
        assertEquals(41, k.witness().size(), k::describe);
        assertTrue(k.witness().stream().filter(o -> o.input() instanceof KvInput.Get).count() == 1, k::describe);
    }

    @Test
    void shouldNotBlameAReadOnAWriteItDropped() {
        List<Operation> ops = longHistoryWithAStaleRead(false);
        KeyResult k = new LinearizabilityChecker().check(ops).keysWith(Verdict.VIOLATION).get(0);
        assertTrue(k.witness().stream().anyMatch(o -> o.input().equals(KvInput.put("x", "v4"))),
                "a witness without the write of v4 would blame a never-written read instead:\n" + k.describe());
    }

    @Test
    void shouldReportTheWholeKeyWhenShrinkingIsOff() {
        KeyResult k = new LinearizabilityChecker(KvModel.DEFAULT, new CheckLimits(1_000_000, 1_000_000, 0))
                .check(longHistoryWithAStaleRead(false)).keysWith(Verdict.VIOLATION).get(0);
        assertEquals(81, k.witness().size());
        assertEquals(0, k.shrinkChecks());
    }

    @Test
    void shouldStopShrinkingAtItsBudget() {
        KeyResult k = new LinearizabilityChecker(KvModel.DEFAULT, new CheckLimits(1_000_000, 1_000_000, 5))
                .check(longHistoryWithAStaleRead(false)).keysWith(Verdict.VIOLATION).get(0);
        assertEquals(5, k.shrinkChecks());
        assertTrue(k.witness().size() > 3 && k.witness().size() < 81, k::describe);
    }
}
