package io.raftwire.chaos;

import io.raftwire.linearizability.KvInput;
import io.raftwire.linearizability.KvOutput;
import io.raftwire.linearizability.Operation;
import io.raftwire.linearizability.Outcome;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The "no acknowledged write lost" check, on its own and cheap, beside the linearizability search: after the run,
 * each key is read once more (linearizably, with nothing else running); the value found must not be older than an
 * acknowledged write. Precisely, an acknowledged write {@code w} of a key is lost when the final read shows
 * <ul>
 *   <li>the value of a write {@code u} that returned before {@code w} was called ({@code w} overwrote it, so the
 *       store went back), or</li>
 *   <li>an absent key although every delete of the key (answered or not) returned before {@code w} was called.</li>
 * </ul>
 * Sound (every finding is a real loss, given a unique value per write); not complete (a lost write overwritten later
 * is the search's to find).
 */
final class LostWrites {

    private LostWrites() {
    }

    /**
     * @param history    every operation of the run
     * @param finalReads the value each key held at the end ({@code null}: absent), read after every client stopped
     * @return one line per lost write; empty if none
     */
    static List<String> find(List<Operation> history, Map<String, String> finalReads) {
        Map<String, Operation> writerOf = new HashMap<>();
        for (Operation op : history) {
            String v = written(op.input());
            if (v != null && !(op.outcome() instanceof Outcome.Failed)) {
                writerOf.put(op.key() + "\u0000" + v, op);
            }
        }
        List<String> lost = new ArrayList<>();
        for (Operation w : history) {
            if (!acknowledgedWrite(w) || !finalReads.containsKey(w.key())) {
                continue;
            }
            String found = finalReads.get(w.key());
            if (found != null) {
                Operation u = writerOf.get(w.key() + "\u0000" + found);
                if (u != null && u != w && u.returnNanos() < w.callNanos()) {
                    lost.add("acknowledged " + w + " lost: the key ends at \"" + found + "\", written by " + u
                            + ", which returned before it was called");
                }
            } else if (history.stream().noneMatch(d -> d.key().equals(w.key())
                    && d.input() instanceof KvInput.Delete && !(d.outcome() instanceof Outcome.Failed)
                    && d.returnNanos() >= w.callNanos())) {
                lost.add("acknowledged " + w + " lost: the key ends absent and no delete could follow it");
            }
        }
        return lost;
    }

    private static boolean acknowledgedWrite(Operation op) {
        if (!(op.outcome() instanceof Outcome.Ok ok)) {
            return false;
        }
        return op.input() instanceof KvInput.Put
                || op.input() instanceof KvInput.Cas && ((KvOutput.CasResult) ok.output()).success();
    }

    private static String written(KvInput in) {
        if (in instanceof KvInput.Put p) {
            return p.value();
        }
        return in instanceof KvInput.Cas c ? c.value() : null;
    }
}
