package io.raftwire.node;

import io.raftwire.node.kv.KvStateMachine;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Compares the KV state machines of several members at one log index: each member's state is read on its Raft thread
 * together with the index it reflects, and the comparison is retried until every member reports the same index (new
 * entries, such as keep-alives, may commit meanwhile). Stateless.
 */
public final class StateCheck {

    /** One member's state: the last applied log index and the state digest at that index. */
    public record MemberState(long appliedIndex, long digest) {
    }

    private StateCheck() {
    }

    /**
     * The members' states at one common applied index.
     *
     * @param nodes   running members with a {@link KvStateMachine}
     * @param timeout how long to keep trying
     * @return digest per member id, all at the same applied index
     * @throws IllegalStateException if the members did not report one common index within {@code timeout}
     */
    public static Map<String, MemberState> atOneIndex(List<RaftwireNode> nodes, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, MemberState> states = new TreeMap<>();
        while (true) {
            states.clear();
            long max = 0;
            for (RaftwireNode n : nodes) {
                MemberState s = n.read(max, timeout, sm -> new MemberState(
                        ((KvStateMachine) sm).lastAppliedIndex(), ((KvStateMachine) sm).digest()))
                        .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                states.put(n.memberId(), s);
                max = Math.max(max, s.appliedIndex());
            }
            if (states.values().stream().map(MemberState::appliedIndex).distinct().count() == 1) {
                return states;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("members never reported one common applied index within "
                        + timeout.toMillis() + " ms: " + states);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }
}
