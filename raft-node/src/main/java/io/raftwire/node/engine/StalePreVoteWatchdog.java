package io.raftwire.node.engine;

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
 * state for ever, and with it never notices the leader's death. Two such members in a 3-member group elect no leader
 * at all.
 *
 * <p><b>Where in the engine.</b> {@code RaftState.preCandidateState()} is cleared only by {@code toFollower},
 * {@code toCandidate} and {@code toLeader}. An AppendEntries of the current term goes through
 * {@code AppendEntriesRequestHandler.handle}, which calls {@code RaftNodeImpl.leader(endpoint)} (it sets the leader
 * and keeps the pre-candidate state), not {@code toFollower}. Then {@code HeartbeatTask.doRun} starts a pre-vote on a
 * timed-out leader only when {@code preCandidateState() == null}, and {@code PreVoteTask} skips a node with a known
 * leader: nothing ever clears the state.
 *
 * <p><b>What this does.</b> Every heartbeat period, on the node's Raft thread, it checks for exactly that state (a
 * follower, with a known leader whose heartbeats have timed out, and a pre-candidate state) and calls
 * {@code RaftNodeImpl.toFollower(term)} in the current term, as the engine does when it learns of a new term: the
 * pre-candidate state and the leader are cleared, the vote of the term is kept (MicroRaft keeps {@code votedFor} when
 * the term does not change), and the engine's own heartbeat task starts a pre-vote at its next run. It uses
 * {@code RaftNodeImpl}'s public methods, which 0.7 is pinned to ({@code EngineVersionTest}); the cluster test
 * {@code RestartElectionIT} is the one that needs it.
 */
public final class StalePreVoteWatchdog implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(StalePreVoteWatchdog.class);

    private final RaftNodeImpl node;
    private final long periodSecs;

    StalePreVoteWatchdog(RaftNodeImpl node, long periodSecs) {
        this.node = node;
        this.periodSecs = periodSecs;
    }

    /**
     * Starts watching {@code node}: a no-op for an engine other than MicroRaft 0.7's {@code RaftNodeImpl}. Call once,
     * after the node started; returns at once (the checks run on the node's Raft thread until it terminates).
     *
     * @param node       the started node
     * @param periodSecs seconds between two checks: the engine's leader heartbeat period
     */
    public static void watch(RaftNode node, long periodSecs) {
        if (node instanceof RaftNodeImpl impl) {
            StalePreVoteWatchdog w = new StalePreVoteWatchdog(impl, periodSecs);
            impl.getExecutor().schedule(w, periodSecs, TimeUnit.SECONDS);
        }
    }

    /** One check; runs on the node's Raft thread and schedules the next. */
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
