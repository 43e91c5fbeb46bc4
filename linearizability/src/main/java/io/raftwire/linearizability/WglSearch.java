package io.raftwire.linearizability;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The Wing–Gong search with Lowe's memoisation over the operations of one key, as Porcupine does it: a doubly
 * linked list of call and return events in time order; the search linearizes the first call whose output the model
 * accepts, removes its two events from the list ("lifts" it) and starts over from the head; it backtracks when it
 * meets the return of an operation not yet linearized. A (linearized set, state) pair seen before is not explored
 * again. Ambiguous operations have no return event: they may be linearized anywhere after their call or left out,
 * so the search succeeds as soon as no return event is left.
 *
 * <p>Not thread-safe; one instance per search.
 */
final class WglSearch {

    /** What one search found. */
    record Result(Verdict verdict, long steps, long states, int deepest) {
    }

    private static final class Event {
        final int op;
        final boolean call;
        Event match;
        Event prev;
        Event next;

        Event(int op, boolean call) {
            this.op = op;
            this.call = call;
        }
    }

    private record Memo(BitSet linearized, KvState state) {
    }

    private record Frame(Event call, KvState before) {
    }

    private final List<Operation> ops;
    private final KvModel model;
    private final CheckLimits limits;

    /**
     * @param ops operations of one key, none {@link Outcome.Failed failed}
     */
    WglSearch(List<Operation> ops, KvModel model, CheckLimits limits) {
        this.ops = ops;
        this.model = model;
        this.limits = limits;
    }

    Result run() {
        Event head = buildEvents();
        BitSet linearized = new BitSet(ops.size());
        Set<Memo> seen = new HashSet<>();
        Deque<Frame> stack = new ArrayDeque<>();
        KvState state = KvState.INITIAL;
        long steps = 0;
        int deepest = 0;
        Event entry = head.next;
        while (entry != null) {
            if (++steps > limits.maxStepsPerKey() || seen.size() > limits.maxStatesPerKey()) {
                return new Result(Verdict.UNKNOWN, steps - 1, seen.size(), deepest);
            }
            if (entry.call) {
                Operation op = ops.get(entry.op);
                KvModel.Step step = model.apply(state, op.input());
                if (accepts(op.outcome(), step.output())) {
                    linearized.set(entry.op);
                    if (seen.add(new Memo((BitSet) linearized.clone(), step.next()))) {
                        stack.push(new Frame(entry, state));
                        deepest = Math.max(deepest, stack.size());
                        state = step.next();
                        lift(entry);
                        entry = head.next;
                        continue;
                    }
                    linearized.clear(entry.op);
                }
                entry = entry.next;
            } else {
                if (stack.isEmpty()) {
                    return new Result(Verdict.VIOLATION, steps, seen.size(), deepest);
                }
                Frame top = stack.pop();
                state = top.before();
                linearized.clear(top.call().op);
                unlift(top.call());
                entry = top.call().next;
            }
        }
        return new Result(Verdict.LINEARIZABLE, steps, seen.size(), deepest);
    }

    private static boolean accepts(Outcome outcome, KvOutput exact) {
        return !(outcome instanceof Outcome.Ok ok) || ok.output().agreesWith(exact);
    }

    /** Events sorted by time; at equal times calls come first, so touching operations count as concurrent. */
    private Event buildEvents() {
        List<Event> events = new ArrayList<>(ops.size() * 2);
        for (int i = 0; i < ops.size(); i++) {
            Event call = new Event(i, true);
            events.add(call);
            if (ops.get(i).returnNanos() != Operation.NEVER) {
                Event ret = new Event(i, false);
                call.match = ret;
                events.add(ret);
            }
        }
        events.sort(Comparator.comparingLong(this::time).thenComparing(e -> !e.call));
        Event head = new Event(-1, true);
        Event last = head;
        for (Event e : events) {
            last.next = e;
            e.prev = last;
            last = e;
        }
        return head;
    }

    private long time(Event e) {
        Operation op = ops.get(e.op);
        return e.call ? op.callNanos() : op.returnNanos();
    }

    private static void lift(Event call) {
        call.prev.next = call.next;
        if (call.next != null) {
            call.next.prev = call.prev;
        }
        Event ret = call.match;
        if (ret != null) {
            ret.prev.next = ret.next;
            if (ret.next != null) {
                ret.next.prev = ret.prev;
            }
        }
    }

    private static void unlift(Event call) {
        Event ret = call.match;
        if (ret != null) {
            ret.prev.next = ret;
            if (ret.next != null) {
                ret.next.prev = ret;
            }
        }
        call.prev.next = call;
        if (call.next != null) {
            call.next.prev = call;
        }
    }
}
