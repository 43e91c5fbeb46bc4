package io.raftwire.linearizability;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Wing–Gong search with Lowe's memoisation over the operations of one key, as Porcupine does it: a doubly
 * linked list of call and return events in time order; the search linearizes the first call whose output the model
 * accepts, removes its two events from the list ("lifts" it) and starts over from the head; it backtracks when it
 * meets the return of an operation not yet linearized. Ambiguous operations have no return event: they may be
 * linearized anywhere after their call or left out, so the search succeeds as soon as no return event is left.
 *
 * <p>Two departures from the plain algorithm keep ambiguous operations from multiplying the space: they are kept in
 * a list of their own and tried only after every acknowledged call before the first return (leaving them out is
 * explored first), and a (linearized set, state) pair is not explored when one already seen has the same
 * acknowledged operations, the same state and a subset of its ambiguous operations (an operation never linearized
 * blocks nothing, so the seen pair has every way on that the new one has; an exact repeat is the case of equal sets).
 * When no operation of the key observed a version, states leave the version out: the model's next value never
 * depends on it, so only the observations could, and there are none.
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
        /** Position in time order. */
        int rank;
        Event match;
        Event prev;
        Event next;

        Event(int op, boolean call) {
            this.op = op;
            this.call = call;
        }
    }

    private record Memo(BitSet acknowledged, KvState state) {
    }

    /** {@code limit}: the first unlinearized return when {@code call} (an ambiguous one) was tried, else null. */
    private record Frame(Event call, KvState before, Event limit) {
    }

    private final List<Operation> ops;
    private final KvModel model;
    private final CheckLimits limits;
    /** The operations with a return event. */
    private final BitSet acknowledgedOps = new BitSet();
    /** Whether any operation observed a version; if none did, the search's states leave versions out. */
    private final boolean versionsObserved;
    private final Event ambiguousHead = new Event(-1, true);

    /**
     * @param ops operations of one key, none {@link Outcome.Failed failed}
     */
    WglSearch(List<Operation> ops, KvModel model, CheckLimits limits) {
        this.ops = ops;
        this.model = model;
        this.limits = limits;
        this.versionsObserved = ops.stream().anyMatch(WglSearch::observesVersion);
    }

    private static boolean observesVersion(Operation op) {
        if (!(op.outcome() instanceof Outcome.Ok ok)) {
            return false;
        }
        KvOutput out = ok.output();
        long version = out instanceof KvOutput.GetResult g ? g.version()
                : out instanceof KvOutput.PutResult p ? p.version()
                : out instanceof KvOutput.DeleteResult d ? d.version()
                : ((KvOutput.CasResult) out).version();
        return version != KvOutput.UNKNOWN_VERSION;
    }

    Result run() {
        Event head = buildEvents();
        BitSet linearized = new BitSet(ops.size());
        Map<Memo, List<BitSet>> seen = new HashMap<>();
        long states = 0;
        Deque<Frame> stack = new ArrayDeque<>();
        KvState state = KvState.INITIAL;
        long steps = 0;
        int deepest = 0;
        Event entry = head.next;
        Event limit = null;
        while (true) {
            if (++steps > limits.maxStepsPerKey() || states > limits.maxStatesPerKey()) {
                return new Result(Verdict.UNKNOWN, steps - 1, states, deepest);
            }
            if (limit == null && (entry == null || !entry.call)) {
                if (entry == null) {
                    // no return event left: every acknowledged operation is linearized
                    return new Result(Verdict.LINEARIZABLE, steps, states, deepest);
                }
                // the first return not yet linearized: ambiguous operations called before it may go now
                limit = entry;
                entry = ambiguousHead.next;
                continue;
            }
            if (limit != null && (entry == null || entry.rank > limit.rank)) {
                if (stack.isEmpty()) {
                    return new Result(Verdict.VIOLATION, steps, states, deepest);
                }
                Frame top = stack.pop();
                state = top.before();
                linearized.clear(top.call().op);
                unlift(top.call());
                entry = top.call().next;
                limit = top.limit();
                continue;
            }
            Operation op = ops.get(entry.op);
            KvModel.Step step = model.apply(state, op.input());
            if (accepts(op.outcome(), step.output())) {
                KvState next = versionsObserved ? step.next() : new KvState(step.next().value(), 0);
                linearized.set(entry.op);
                if (remember(seen, linearized, next)) {
                    states++;
                    stack.push(new Frame(entry, state, limit));
                    deepest = Math.max(deepest, stack.size());
                    state = next;
                    lift(entry);
                    entry = head.next;
                    limit = null;
                    continue;
                }
                linearized.clear(entry.op);
            }
            entry = entry.next;
        }
    }

    /**
     * Records the (linearized set, state) pair, or answers false if a pair already recorded dominates it: one with
     * the same acknowledged operations linearized, the same state and a subset of its ambiguous operations. Ambiguous
     * operations may stay unlinearized forever and block nothing, so every way on from the dominated pair is also a
     * way on from the dominating one (exact repeats are the case of equal subsets).
     */
    private boolean remember(Map<Memo, List<BitSet>> seen, BitSet linearized, KvState next) {
        BitSet acknowledged = (BitSet) linearized.clone();
        acknowledged.and(acknowledgedOps);
        BitSet ambiguous = (BitSet) linearized.clone();
        ambiguous.andNot(acknowledgedOps);
        List<BitSet> known = seen.computeIfAbsent(new Memo(acknowledged, next), m -> new ArrayList<>(1));
        for (BitSet k : known) {
            if (isSubset(k, ambiguous)) {
                return false;
            }
        }
        known.add(ambiguous);
        return true;
    }

    private static boolean isSubset(BitSet a, BitSet b) {
        for (int i = a.nextSetBit(0); i >= 0; i = a.nextSetBit(i + 1)) {
            if (!b.get(i)) {
                return false;
            }
        }
        return true;
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
                acknowledgedOps.set(i);
                Event ret = new Event(i, false);
                call.match = ret;
                events.add(ret);
            }
        }
        events.sort(Comparator.comparingLong(this::time).thenComparing(e -> !e.call));
        Event head = new Event(-1, true);
        Event last = head;
        Event lastAmbiguous = ambiguousHead;
        for (int i = 0; i < events.size(); i++) {
            Event e = events.get(i);
            e.rank = i;
            if (e.call && e.match == null) {
                lastAmbiguous.next = e;
                e.prev = lastAmbiguous;
                lastAmbiguous = e;
            } else {
                last.next = e;
                e.prev = last;
                last = e;
            }
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
