package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.List;

/**
 * The definition of linearizability, executed literally for tiny histories: try every order of the operations that
 * respects real time, with every ambiguous operation either in it or not. No memoisation, no event list: an oracle
 * for the checker, exponential in the history's length.
 */
final class BruteForce {

    private BruteForce() {
    }

    static boolean linearizable(List<Operation> history, KvModel model) {
        List<Operation> ops = new ArrayList<>();
        for (Operation op : history) {
            if (!(op.outcome() instanceof Outcome.Failed)) {
                ops.add(op);
            }
        }
        return search(ops, new boolean[ops.size()], KvState.INITIAL, model);
    }

    private static boolean search(List<Operation> ops, boolean[] done, KvState state, KvModel model) {
        boolean definiteLeft = false;
        for (int i = 0; i < ops.size(); i++) {
            definiteLeft |= !done[i] && !(ops.get(i).outcome() instanceof Outcome.Ambiguous);
        }
        if (!definiteLeft) {
            return true;
        }
        for (int i = 0; i < ops.size(); i++) {
            if (done[i] || !mayGoNext(ops, done, i)) {
                continue;
            }
            Operation op = ops.get(i);
            KvModel.Step step = model.apply(state, op.input());
            if (op.outcome() instanceof Outcome.Ok ok && !ok.output().agreesWith(step.output())) {
                continue;
            }
            done[i] = true;
            boolean found = search(ops, done, step.next(), model);
            done[i] = false;
            if (found) {
                return true;
            }
        }
        return false;
    }

    /** No operation still to place returned strictly before this one was called. */
    private static boolean mayGoNext(List<Operation> ops, boolean[] done, int i) {
        for (int j = 0; j < ops.size(); j++) {
            if (!done[j] && j != i && ops.get(j).returnNanos() < ops.get(i).callNanos()) {
                return false;
            }
        }
        return true;
    }
}
