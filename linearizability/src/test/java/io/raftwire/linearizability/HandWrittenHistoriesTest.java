package io.raftwire.linearizability;

import org.junit.jupiter.api.Test;

import java.util.List;

import static io.raftwire.linearizability.KvInput.cas;
import static io.raftwire.linearizability.KvInput.delete;
import static io.raftwire.linearizability.KvInput.get;
import static io.raftwire.linearizability.KvInput.put;
import static io.raftwire.linearizability.KvOutput.deleted;
import static io.raftwire.linearizability.KvOutput.swapped;
import static io.raftwire.linearizability.KvOutput.value;
import static io.raftwire.linearizability.KvOutput.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The classic cases, each small enough to see by eye why it is or is not linearizable. */
class HandWrittenHistoriesTest {

    private static CheckResult linearizable(List<Operation> history) {
        CheckResult r = Histories.check(history);
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), r::report);
        assertTrue(r.isLinearizable());
        return r;
    }

    private static KeyResult violation(List<Operation> history) {
        CheckResult r = Histories.check(history);
        assertEquals(Verdict.VIOLATION, r.verdict(), r::report);
        assertFalse(r.isLinearizable());
        List<KeyResult> bad = r.keysWith(Verdict.VIOLATION);
        assertEquals(1, bad.size(), r::report);
        return bad.get(0);
    }

    @Test
    void shouldAcceptASequentialHistoryOfEveryOperation() {
        CheckResult r = linearizable(new Histories()
                .ok("c1", 0, 10, get("x"), value(null, 0))
                .ok("c1", 20, 30, put("x", "a"), written(1))
                .ok("c2", 40, 50, get("x"), value("a", 1))
                .ok("c2", 60, 70, cas("x", "a", "b"), swapped(true, 2))
                .ok("c1", 80, 90, cas("x", "a", "c"), swapped(false, 2))
                .ok("c1", 100, 110, delete("x"), new KvOutput.DeleteResult(true, 3))
                .ok("c2", 120, 130, delete("x"), deleted(false))
                .ok("c2", 140, 150, cas("x", null, "d"), swapped(true, 4))
                .ok("c1", 160, 170, get("x"), value("d", 4)).build());
        assertEquals(9, r.keys().get(0).operations());
    }

    @Test
    void shouldFlagAStaleRead() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ok("c1", 20, 30, put("x", "b"), written())
                .ok("c2", 40, 50, get("x"), value("a")).build());
        assertEquals(3, k.witness().size(), k::describe);
    }

    @Test
    void shouldFlagALostWrite() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ok("c2", 20, 30, get("x"), value(null)).build());
        assertEquals(2, k.witness().size(), k::describe);
    }

    @Test
    void shouldFlagTwoCompareAndSetsThatBothSucceededFromTheSameValue() {
        violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ok("c2", 20, 40, cas("x", "a", "b"), swapped(true))
                .ok("c3", 25, 45, cas("x", "a", "c"), swapped(true)).build());
    }

    @Test
    void shouldFlagAWriteAppliedTwiceByItsVersion() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written(1))
                .ok("c2", 20, 30, get("x"), value("a", 2)).build());
        assertFalse(k.witnessErased(), "the version is what shows the violation");
    }

    @Test
    void shouldFlagAWriteAppliedAgainAfterALaterDelete() {
        violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ok("c1", 20, 30, delete("x"), deleted())
                .ok("c2", 40, 50, get("x"), value("a")).build());
    }

    @Test
    void shouldFlagAReadOfAValueNeverWritten() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ok("c2", 20, 30, get("x"), value("ghost")).build());
        assertEquals(1, k.witness().size(), k::describe);
        assertTrue(k.describe().contains("get(x)") && k.describe().contains("\"ghost\""), k::describe);
    }

    @Test
    void shouldAcceptOverlappingOperationsThatHaveAnOrder() {
        linearizable(new Histories()
                .ok("c1", 0, 100, put("x", "a"), written())
                .ok("c2", 10, 90, put("x", "b"), written())
                .ok("c3", 20, 30, get("x"), value("a"))
                .ok("c4", 40, 50, get("x"), value("b")).build());
        linearizable(new Histories()
                .ok("c1", 0, 100, put("x", "a"), written())
                .ok("c2", 0, 100, put("x", "b"), written())
                .ok("c3", 0, 100, get("x"), value("b"))
                .ok("c4", 0, 100, get("x"), value("a"))
                .ok("c5", 0, 100, get("x"), value(null)).build());
    }

    @Test
    void shouldFlagOverlappingReadsThatGoBackInTime() {
        violation(new Histories()
                .ok("c1", 0, 100, put("x", "a"), written())
                .ok("c2", 10, 90, put("x", "b"), written())
                .ok("c3", 20, 30, get("x"), value("a"))
                .ok("c4", 40, 50, get("x"), value("b"))
                .ok("c3", 60, 70, get("x"), value("a")).build());
    }

    @Test
    void shouldCountOperationsTouchingAtOneInstantAsConcurrent() {
        linearizable(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ok("c2", 10, 20, get("x"), value(null)).build());
    }

    @Test
    void shouldLetAnAmbiguousWriteExplainLaterReads() {
        linearizable(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ambiguous("c2", 20, put("x", "b"))
                .ok("c3", 100, 110, get("x"), value("a"))
                .ok("c3", 120, 130, get("x"), value("b"))
                .ok("c3", 140, 150, get("x"), value("b")).build());
        linearizable(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ambiguous("c2", 20, delete("x"))
                .ok("c3", 100, 110, get("x"), value(null)).build());
    }

    @Test
    void shouldLetAnAmbiguousWriteNeverHappen() {
        linearizable(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ambiguous("c2", 20, put("x", "b"))
                .ok("c3", 100, 110, get("x"), value("a")).build());
    }

    @Test
    void shouldNotLetAnAmbiguousWriteTakeEffectBeforeItsCall() {
        violation(new Histories()
                .ok("c1", 0, 10, get("x"), value("b"))
                .ambiguous("c2", 20, put("x", "b")).build());
    }

    @Test
    void shouldNotLetAnAmbiguousWriteTakeEffectTwice() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ambiguous("c2", 20, put("x", "b"))
                .ok("c3", 30, 40, get("x"), value("b"))
                .ok("c3", 50, 60, get("x"), value("a"))
                .ok("c3", 70, 80, get("x"), value("b")).build());
        assertTrue(k.describe().contains("ambiguous (may have applied)"), k::describe);
    }

    @Test
    void shouldLeaveOutFailedOperations() {
        CheckResult ok = linearizable(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .failed("c2", 20, 30, put("x", "b"))
                .ok("c3", 40, 50, get("x"), value("a")).build());
        assertEquals(1, ok.excluded());
        violation(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .failed("c2", 20, 30, put("x", "b"))
                .ok("c3", 40, 50, get("x"), value("b")).build());
    }

    @Test
    void shouldCheckKeysIndependentlyAndNameTheViolatingOne() {
        CheckResult r = Histories.check(new Histories()
                .ok("c1", 0, 10, put("x", "a"), written())
                .ok("c1", 0, 10, put("y", "a"), written())
                .ok("c2", 20, 30, get("y"), value("a"))
                .ok("c2", 20, 30, get("x"), value(null)).build());
        assertEquals(Verdict.VIOLATION, r.verdict());
        assertEquals(List.of("x", "y"), r.keys().stream().map(KeyResult::key).toList());
        assertEquals(Verdict.VIOLATION, r.keys().get(0).verdict());
        assertEquals(Verdict.LINEARIZABLE, r.keys().get(1).verdict());
        assertTrue(r.report().contains("key x: VIOLATION"), r::report);
        assertFalse(r.report().contains("key y"), r::report);
    }

    @Test
    void shouldFollowTheVersionSchemeOnDelete() {
        List<Operation> h = new Histories()
                .ok("c1", 0, 10, put("x", "a"), written(1))
                .ok("c1", 20, 30, delete("x"), new KvOutput.DeleteResult(true, 0))
                .ok("c1", 40, 50, put("x", "b"), written(1)).build();
        CheckResult reset = new LinearizabilityChecker(new KvModel(KvModel.VersionScheme.RESET_ON_DELETE),
                CheckLimits.DEFAULT).check(h);
        assertEquals(Verdict.LINEARIZABLE, reset.verdict(), reset::report);
        assertEquals(Verdict.VIOLATION, Histories.check(h).verdict());
    }

    @Test
    void shouldAcceptAnEmptyHistory() {
        CheckResult r = linearizable(List.of());
        assertTrue(r.keys().isEmpty());
    }
}
