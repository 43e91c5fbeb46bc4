package io.raftwire.node;

import io.microraft.statemachine.StateMachine;
import io.raftwire.node.kv.KvStateMachine;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
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
        Map<String, Reader> readers = new TreeMap<>();
        for (RaftwireNode n : nodes) {
            readers.put(n.memberId(), n::read);
        }
        return atOneIndex(readers, timeout);
    }

    /**
     * The states of group {@code group} on {@code members} at one common applied index, as
     * {@link #atOneIndex(List, Duration)}.
     *
     * @param members running members whose groups run a {@link KvStateMachine}
     */
    public static Map<String, MemberState> groupAtOneIndex(List<RaftwireMember> members, int group,
            Duration timeout) throws Exception {
        Map<String, Reader> readers = new TreeMap<>();
        for (RaftwireMember m : members) {
            readers.put(m.memberId(), m.group(group)::read);
        }
        return atOneIndex(readers, timeout);
    }

    /** Reads a member's state machine once it applied an index ({@link RaftwireNode#read}). */
    private interface Reader {
        <T> CompletableFuture<T> read(long minCommitIndex, Duration timeout, Function<StateMachine, T> reader);
    }

    private static Map<String, MemberState> atOneIndex(Map<String, Reader> readers, Duration timeout)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Map<String, MemberState> states = new TreeMap<>();
        while (true) {
            states.clear();
            long max = 0;
            for (Map.Entry<String, Reader> r : readers.entrySet()) {
                MemberState s = r.getValue().read(max, timeout, sm -> new MemberState(
                        ((KvStateMachine) sm).lastAppliedIndex(), ((KvStateMachine) sm).digest()))
                        .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
                states.put(r.getKey(), s);
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
