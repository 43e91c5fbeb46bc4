package io.raftwire.linearizability;

import java.util.List;
import java.util.Objects;

/**
 * The checker's answer for a whole history: {@link Verdict#VIOLATION} if any key violates, else
 * {@link Verdict#UNKNOWN} if any key ran out of budget, else {@link Verdict#LINEARIZABLE}. Only
 * {@link #isLinearizable()} means a pass.
 *
 * @param verdict  the overall verdict
 * @param keys     one result per key, in key order
 * @param excluded operations left out: failed ones (certainly not applied) and ambiguous reads (no effect, no output)
 * @param model    the model checked against
 */
public record CheckResult(Verdict verdict, List<KeyResult> keys, int excluded, KvModel model) {

    public CheckResult {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(model, "model");
        keys = List.copyOf(keys);
    }

    /** Whether the history passed: linearizable, and not merely not proven wrong. */
    public boolean isLinearizable() {
        return verdict == Verdict.LINEARIZABLE;
    }

    /** The keys with this verdict. */
    public List<KeyResult> keysWith(Verdict v) {
        return keys.stream().filter(k -> k.verdict() == v).toList();
    }

    /**
     * A readable report: the verdict and figures, then every violating key with its smallest failing sub-history and
     * every key whose search ran out of budget.
     */
    public String report() {
        int ops = keys.stream().mapToInt(KeyResult::operations).sum();
        StringBuilder b = new StringBuilder();
        b.append("linearizability: ").append(verdict).append(" -- ").append(keys.size()).append(" keys, ")
                .append(ops).append(" operations checked, ").append(excluded)
                .append(" failed operations and ambiguous reads left out, model ").append(model).append(", ")
                .append(keysWith(Verdict.VIOLATION).size()).append(" keys violating, ")
                .append(keysWith(Verdict.UNKNOWN).size()).append(" keys unknown");
        for (KeyResult k : keys) {
            if (k.verdict() != Verdict.LINEARIZABLE) {
                b.append('\n').append(k.describe());
            }
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return report();
    }
}
