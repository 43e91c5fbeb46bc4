package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Makes a violating history of one key small enough to read: drops chunks of operations, then single operations,
 * keeping each drop only while the rest is still a {@link Verdict#VIOLATION} and still explains itself the way the
 * full history did, within {@link CheckLimits#maxShrinkChecks()} searches.
 *
 * <p>"Explains itself": dropping a write can make a sub-history fail for a reason the store is innocent of (a read of
 * a value whose write was dropped). So a drop is kept only if every value a remaining operation observed is still
 * written by a remaining operation (when the full history wrote it at all), every delete stays while a remaining
 * operation observed an absent key, and every write stays while a remaining compare-and-set observed a mismatch.
 * Versions make every write matter to every later observation; so if the violation still shows with versions (and
 * delete flags) erased, the erased history is shrunk; otherwise only operations that cannot write are dropped.
 *
 * <p>Not thread-safe; one instance per shrink.
 */
final class Shrinker {

    /**
     * @param operations the sub-history, still a violation
     * @param erased     whether versions and delete flags were erased (they were not needed to show the violation)
     * @param checks     searches run
     */
    record Result(List<Operation> operations, boolean erased, int checks) {
    }

    private final KvModel model;
    private final CheckLimits limits;
    private final CheckLimits searchLimits;
    private int checks;

    /**
     * @param limits      the shrink budget
     * @param searchSteps steps the search of the whole key took: each search of a sub-history may take twice
     *                    as many (a sub-history can be harder), and one that needs more is taken as not violating
     */
    Shrinker(KvModel model, CheckLimits limits, long searchSteps) {
        this.model = model;
        this.limits = limits;
        long steps = Math.min(limits.maxStepsPerKey(), Math.max(20_000L, 2 * searchSteps));
        this.searchLimits = new CheckLimits(steps, limits.maxStatesPerKey(), limits.maxShrinkChecks());
    }

    /** @param ops a violating history of one key, in call-time order, without failed operations */
    Result shrink(List<Operation> ops) {
        if (limits.maxShrinkChecks() == 0) {
            return new Result(ops, false, 0);
        }
        List<Operation> erasedOps = new ArrayList<>(ops.size());
        boolean anyObservation = false;
        for (Operation op : ops) {
            Operation e = op.withoutOptionalObservations();
            anyObservation |= e != op;
            erasedOps.add(e);
        }
        boolean erased = !anyObservation || violates(erasedOps);
        List<Operation> base = erased ? erasedOps : ops;
        Guard guard = new Guard(base);
        List<Integer> kept = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            kept.add(i);
        }
        int chunk = Math.max(1, kept.size() / 2);
        while (checks < limits.maxShrinkChecks()) {
            boolean progress = false;
            // From the end backwards: an observer goes before the write it observed, so chains go in one pass.
            int end = kept.size();
            while (end > 0 && checks < limits.maxShrinkChecks()) {
                int start = Math.max(0, end - chunk);
                List<Integer> candidate = new ArrayList<>(kept.size());
                for (int i = 0; i < kept.size(); i++) {
                    int index = kept.get(i);
                    if (i < start || i >= end || !(erased || !mayWrite(base.get(index)))) {
                        candidate.add(index);
                    }
                }
                if (candidate.size() < kept.size() && guard.explains(candidate)
                        && violates(select(base, candidate))) {
                    kept = candidate;
                    progress = true;
                }
                end = start; // positions before start are the same in the new list
            }
            if (chunk == 1 && !progress) {
                break;
            }
            if (chunk > 1) {
                chunk /= 2;
            }
        }
        return new Result(select(base, kept), erased, checks);
    }

    private boolean violates(List<Operation> ops) {
        checks++;
        return new WglSearch(ops, model, searchLimits).run().verdict() == Verdict.VIOLATION;
    }

    /** Whether the operation may have changed the key: not a read, not a compare-and-set answered "not swapped". */
    static boolean mayWrite(Operation op) {
        if (!op.input().writes()) {
            return false;
        }
        return !(op.outcome() instanceof Outcome.Ok ok && ok.output() instanceof KvOutput.CasResult c && !c.success());
    }

    private static List<Operation> select(List<Operation> base, List<Integer> indices) {
        List<Operation> out = new ArrayList<>(indices.size());
        for (int i : indices) {
            out.add(base.get(i));
        }
        return out;
    }

    /** Which sub-histories still explain their observations as the full history did. */
    private static final class Guard {
        private final List<Operation> base;
        private final Map<String, Set<Integer>> writersOf = new HashMap<>();
        private final Set<Integer> deletes = new HashSet<>();
        private final Set<Integer> writes = new HashSet<>();

        Guard(List<Operation> base) {
            this.base = base;
            for (int i = 0; i < base.size(); i++) {
                KvInput in = base.get(i).input();
                if (in instanceof KvInput.Put p) {
                    writersOf.computeIfAbsent(p.value(), v -> new HashSet<>()).add(i);
                } else if (in instanceof KvInput.Cas c) {
                    writersOf.computeIfAbsent(c.value(), v -> new HashSet<>()).add(i);
                } else if (in instanceof KvInput.Delete) {
                    deletes.add(i);
                }
                if (mayWrite(base.get(i))) {
                    writes.add(i);
                }
            }
        }

        boolean explains(List<Integer> candidate) {
            Set<Integer> kept = new HashSet<>(candidate);
            for (int i : candidate) {
                Operation op = base.get(i);
                if (!(op.outcome() instanceof Outcome.Ok ok)) {
                    continue;
                }
                KvOutput out = ok.output();
                String observed = null;
                boolean observedAbsent = false;
                if (out instanceof KvOutput.GetResult g) {
                    observed = g.value();
                    observedAbsent = g.value() == null;
                } else if (out instanceof KvOutput.CasResult c && op.input() instanceof KvInput.Cas cas) {
                    if (!c.success()) {
                        if (!kept.containsAll(writes)) {
                            return false;
                        }
                        continue;
                    }
                    observed = cas.expected();
                    observedAbsent = cas.expected() == null;
                }
                if (observedAbsent && !kept.containsAll(deletes)) {
                    return false;
                }
                if (observed != null) {
                    Set<Integer> writers = writersOf.get(observed);
                    if (writers != null && writers.stream().noneMatch(kept::contains)) {
                        return false;
                    }
                }
            }
            return true;
        }
    }
}
