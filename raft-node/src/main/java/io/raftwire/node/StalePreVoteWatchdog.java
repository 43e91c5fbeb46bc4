package io.raftwire.node;

import io.microraft.RaftNode;
import io.microraft.RaftNodeStatus;
import io.microraft.RaftRole;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.impl.state.RaftState;

import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works around a liveness bug of MicroRaft 0.7 (present up to its master branch): a follower that ran a pre-vote
 * (every node does at start, so also one restarted from its data directory while the group has a leader), had it
 * refused because the leader was alive, and then heard from that leader in the same term keeps its pre-candidate
 * state for ever: its {@code HeartbeatTask} and {@code PreVoteTask} both skip a node with a pre-candidate state or a
 * known leader, so it never notices the leader's death. Two such members in a 3-member group elect no leader at all.
 *
 * <p>Every heartbeat period, on the node's Raft thread, this checks for exactly that state (a follower, with a known
 * leader whose heartbeats have timed out, and a pre-candidate state) and moves the node to follower in its current
 * term, as the engine does when it learns of a new term: the pre-candidate state and the leader are cleared, the vote
 * of the term is kept (MicroRaft keeps {@code votedFor} when the term does not change), and the engine's own heartbeat
 * task starts a pre-vote at its next run. It uses {@code RaftNodeImpl}'s public methods, which 0.7 is pinned to.
 */
final class StalePreVoteWatchdog implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(StalePreVoteWatchdog.class);

    private final RaftNodeImpl node;
    private final long periodSecs;

    private StalePreVoteWatchdog(RaftNodeImpl node, long periodSecs) {
        this.node = node;
        this.periodSecs = periodSecs;
    }

    /** Starts watching {@code node} (a no-op for an engine other than MicroRaft 0.7's {@code RaftNodeImpl}). */
    static void watch(RaftNode node, long periodSecs) {
        if (node instanceof RaftNodeImpl impl) {
            StalePreVoteWatchdog w = new StalePreVoteWatchdog(impl, periodSecs);
            impl.getExecutor().schedule(w, periodSecs, TimeUnit.SECONDS);
        }
    }

    @Override
    public void run() {
        RaftNodeStatus status = node.getStatus();
        if (status == RaftNodeStatus.TERMINATED) {
            return;
        }
        try {
            RaftState state = node.state();
            if (status != RaftNodeStatus.INITIAL && state.role() == RaftRole.FOLLOWER && state.leader() != null
                    && state.preCandidateState() != null && node.isLeaderHeartbeatTimeoutElapsed()) {
                LOG.warn("{}: leader {} timed out while a stale pre-vote state blocked failure detection (MicroRaft"
                        + " 0.7); clearing it so that an election can start", node.getLocalEndpoint().getId(),
                        state.leader().getId());
                node.toFollower(state.term());
            }
        } finally {
            node.getExecutor().schedule(this, periodSecs, TimeUnit.SECONDS);
        }
    }
}
