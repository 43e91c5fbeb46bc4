package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Checks a recorded history of key-value operations for linearizability against {@link KvModel}.
 *
 * <p>Every operation touches one key, and keys are independent in the model, so the history is linearizable exactly
 * when each key's sub-history is (Herlihy and Wing's locality): each key is searched on its own with
 * {@link WglSearch}. Failed operations are left out, and so are ambiguous reads (they change nothing and show
 * nothing); other ambiguous operations may take effect at any time after their call, or never. A key whose search exceeds the {@link CheckLimits} is {@link Verdict#UNKNOWN}, which is never a pass. A
 * violating key's history is shrunk to the smallest violating sub-history found, for the report.
 *
 * <p>Use:
 * <pre>{@code
 * CheckResult result = new LinearizabilityChecker().check(recorder.history());
 * assertTrue(result.isLinearizable(), result::report);
 * }</pre>
 *
 * <p>Immutable and thread-safe; {@link #check} runs on the calling thread.
 */
public final class LinearizabilityChecker {

    private final KvModel model;
    private final CheckLimits limits;

    /** The default model and limits. */
    public LinearizabilityChecker() {
        this(KvModel.DEFAULT, CheckLimits.DEFAULT);
    }

    public LinearizabilityChecker(KvModel model, CheckLimits limits) {
        this.model = Objects.requireNonNull(model, "model");
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /**
     * Checks a history.
     *
     * @param history every operation of every client, in any order; times from one clock
     */
    public CheckResult check(Collection<Operation> history) {
        Map<String, List<Operation>> byKey = new TreeMap<>();
        int excluded = 0;
        for (Operation op : history) {
            Objects.requireNonNull(op, "history contains null (expected: operations only)");
            if (op.outcome() instanceof Outcome.Failed
                    || op.outcome() instanceof Outcome.Ambiguous && !op.input().writes()) {
                excluded++;
            } else {
                byKey.computeIfAbsent(op.key(), k -> new ArrayList<>()).add(op);
            }
        }
        List<KeyResult> results = new ArrayList<>(byKey.size());
        for (Map.Entry<String, List<Operation>> e : byKey.entrySet()) {
            results.add(checkKey(e.getKey(), e.getValue()));
        }
        return new CheckResult(overall(results), results, excluded, model);
    }

    private KeyResult checkKey(String key, List<Operation> ops) {
        ops.sort(Comparator.comparingLong(Operation::callNanos));
        WglSearch.Result r = new WglSearch(ops, model, limits).run();
        if (r.verdict() != Verdict.VIOLATION) {
            return new KeyResult(key, r.verdict(), ops.size(), r.steps(), r.states(), List.of(), false, 0);
        }
        Shrinker.Result s = new Shrinker(model, limits, r.steps()).shrink(ops);
        return new KeyResult(key, r.verdict(), ops.size(), r.steps(), r.states(), s.operations(), s.erased(),
                s.checks());
    }

    private static Verdict overall(List<KeyResult> results) {
        Verdict v = Verdict.LINEARIZABLE;
        for (KeyResult r : results) {
            if (r.verdict() == Verdict.VIOLATION) {
                return Verdict.VIOLATION;
            }
            if (r.verdict() == Verdict.UNKNOWN) {
                v = Verdict.UNKNOWN;
            }
        }
        return v;
    }
}
