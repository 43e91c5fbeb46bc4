package io.raftwire.linearizability;

import java.util.List;
import java.util.Objects;

/**
 * The checker's answer for one key.
 *
 * @param key             the key
 * @param verdict         linearizable, violation or unknown
 * @param operations      operations checked for this key (failed ones are not counted: they are left out)
 * @param steps           search steps taken
 * @param states          (linearized set, state) pairs remembered
 * @param witness         for a {@link Verdict#VIOLATION}: the smallest violating sub-history found, in call-time
 *                        order; otherwise empty
 * @param witnessErased   whether the witness had its versions and delete flags erased because the violation shows
 *                        without them
 * @param shrinkChecks    searches the shrinker ran
 */
public record KeyResult(String key, Verdict verdict, int operations, long steps, long states,
                        List<Operation> witness, boolean witnessErased, int shrinkChecks) {

    public KeyResult {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(verdict, "verdict");
        witness = List.copyOf(witness);
    }

    /** A readable description: the verdict, the figures and, for a violation, one line per witness operation. */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append("key ").append(key).append(": ").append(verdict).append(" (").append(operations)
                .append(" operations, ").append(steps).append(" steps, ").append(states).append(" states)");
        if (verdict == Verdict.UNKNOWN) {
            b.append(" -- search budget exhausted, NOT a pass; raise CheckLimits or shorten the history");
        }
        if (verdict == Verdict.VIOLATION) {
            b.append("\n  smallest failing sub-history found (").append(witness.size()).append(" of ")
                    .append(operations).append(" operations, ").append(shrinkChecks).append(" shrink searches")
                    .append(witnessErased ? "; versions and delete flags were not needed and are not shown" : "")
                    .append("), times in ms after its first call:");
            long origin = witness.isEmpty() ? 0 : witness.get(0).callNanos();
            for (Operation op : witness) {
                b.append("\n    ").append(op.describe(origin));
            }
        }
        return b.toString();
    }
}
