package io.raftwire.linearizability;

import static io.raftwire.linearizability.KvInput.cas;
import static io.raftwire.linearizability.KvInput.delete;
import static io.raftwire.linearizability.KvInput.get;
import static io.raftwire.linearizability.KvInput.put;
import static io.raftwire.linearizability.KvOutput.deleted;
import static io.raftwire.linearizability.KvOutput.swapped;
import static io.raftwire.linearizability.KvOutput.value;
import static io.raftwire.linearizability.KvOutput.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link KvModel.VersionScheme#OPAQUE}: versions that are commit indexes (raftwire's KV store), checked for what such
 * versions must show, with planted version bugs that the value search alone cannot see.
 */
class OpaqueVersionsTest {

    private static final LinearizabilityChecker OPAQUE =
            new LinearizabilityChecker(new KvModel(KvModel.VersionScheme.OPAQUE), CheckLimits.DEFAULT);

    /** A correct store's answers: versions are log indexes (7, 12, 15), absent reads answer 0. */
    private static List<Operation> correct() {
        return new Histories()
                .ok("c1", 0, 10, put("k", "a"), written(7))
                .ok("c2", 20, 30, get("k"), value("a", 7))
                .ok("c1", 40, 50, cas("k", "a", "b"), swapped(true, 12))
                .ok("c2", 45, 55, cas("k", "a", "x"), swapped(false, 12))
                .ok("c1", 60, 70, delete("k"), deleted(true))
                .ok("c2", 80, 90, get("k"), value(null, 0))
                .ok("c1", 100, 110, put("k", "c"), written(15))
                .ok("c2", 120, 130, get("k"), value("c", 15))
                .build();
    }

    @Test
    void shouldAcceptCommitIndexVersionsThatTheCountingModelRejects() {
        CheckResult opaque = OPAQUE.check(correct());
        assertEquals(Verdict.LINEARIZABLE, opaque.verdict(), opaque::report);
        CheckResult counting = new LinearizabilityChecker().check(correct());
        assertEquals(Verdict.VIOLATION, counting.verdict(),
                "the counting model expects version 1 for the first put; that is why OPAQUE exists");
    }

    @Test
    void shouldStillFlagAStaleReadByValue() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("k", "a"), written(7))
                .ok("c1", 20, 30, put("k", "b"), written(9))
                .ok("c2", 40, 50, get("k"), value("a", 7))
                .build());
        assertNull(k.versionProblem(), "a stale value is the search's finding, not a version rule's");
    }

    @Test
    void shouldFlagTwoWritesAnsweringOneVersion() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("k", "a"), written(7))
                .ok("c2", 20, 30, put("k", "b"), written(7))
                .build());
        assertTrue(k.versionProblem().contains("two writes answered the same version 7"), k.describe());
        assertEquals(2, k.witness().size());
    }

    @Test
    void shouldFlagAReadWhoseVersionIsNotItsWrites() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("k", "a"), written(7))
                .ok("c2", 20, 30, get("k"), value("a", 8))
                .build());
        assertTrue(k.versionProblem().contains("value \"a\" answered with version 7 and with version 8"),
                k.describe());
    }

    @Test
    void shouldFlagAVersionThatGoesBackInRealTime() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("k", "a"), written(9))
                .ok("c2", 20, 30, put("k", "b"), written(8))
                .build());
        assertTrue(k.versionProblem().contains("a write answered version 8 after an operation that returned "
                + "version 9 had returned (expected: a higher version)"), k.describe());
        assertTrue(k.describe().contains("versions: "), k.describe());
    }

    @Test
    void shouldFlagAFailedCompareAndSetAnsweringAnOlderVersion() {
        KeyResult k = violation(new Histories()
                .ok("c1", 0, 10, put("k", "a"), written(9))
                .ok("c2", 20, 30, cas("k", "z", "b"), swapped(false, 4))
                .build());
        assertTrue(k.versionProblem().contains("a read answered version 4"), k.describe());
    }

    @Test
    void shouldLetConcurrentWritesAnswerVersionsInEitherOrder() {
        CheckResult r = OPAQUE.check(new Histories()
                .ok("c1", 0, 30, put("k", "a"), written(9))
                .ok("c2", 10, 20, put("k", "b"), written(8))
                .ok("c3", 40, 50, get("k"), value("a", 9))
                .build());
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), r::report);
    }

    private static KeyResult violation(List<Operation> history) {
        CheckResult r = OPAQUE.check(history);
        assertEquals(Verdict.VIOLATION, r.verdict(), r::report);
        return r.keysWith(Verdict.VIOLATION).get(0);
    }
}
