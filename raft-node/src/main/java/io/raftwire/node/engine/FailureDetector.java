package io.raftwire.node.engine;

import io.microraft.RaftNode;
import io.microraft.RaftEndpoint;
import io.microraft.RaftNodeStatus;
import io.microraft.RaftRole;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.impl.handler.PreVoteRequestHandler;
import io.microraft.impl.handler.VoteRequestHandler;
import io.microraft.impl.state.FollowerState;
import io.microraft.impl.state.LeaderState;
import io.microraft.impl.state.RaftState;
import io.microraft.model.log.BaseLogEntry;
import io.microraft.model.message.AppendEntriesRequest;
import io.microraft.model.message.InstallSnapshotRequest;
import io.microraft.model.message.PreVoteRequest;
import io.microraft.model.message.RaftMessage;
import io.microraft.model.message.VoteRequest;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * raftwire's millisecond leader failure detector for MicroRaft 0.7, whose own counts whole seconds: the engine
 * ({@code RaftNodeImpl}) takes {@code leaderHeartbeatTimeoutSecs} and {@code leaderHeartbeatPeriodSecs} in seconds,
 * its {@code HeartbeatTask} looks for a dead leader once per heartbeat period, and both its
 * {@code PreVoteRequestHandler} and {@code VoteRequestHandler} (for a "sticky" vote, the kind an election after a
 * timeout asks for) refuse a candidate while the member heard from a leader within that timeout
 * ({@code isLeaderHeartbeatTimeoutElapsed()}). With the default 5 s a leader's death left the group without a leader
 * for at least 5 s.
 *
 * <p><b>What it does</b>, all on the node's Raft thread, every {@code heartbeatIntervalMillis}:
 * <ul>
 * <li>on the leader, {@code RaftNodeImpl.broadcastAppendEntriesRequest()}, as the engine's {@code HeartbeatTask}
 * does once per second: every follower the leader is not waiting on (the engine's request back-off) gets an
 * AppendEntries, so a live leader is heard well within {@code leaderTimeoutMillis}; and a back-off that has lasted
 * the larger of 2 intervals and a quarter of {@code leaderTimeoutMillis} ends ({@code FollowerState
 * .resetRequestBackoff()}), so that the AppendEntries goes again: the engine's own back-off after a lost message
 * lasts at least about a second, up to twice that after a second loss, longer than the timeout (a follower being sent a
 * snapshot keeps the engine's back-off);</li>
 * <li>on a follower that knows a leader but has heard no AppendEntries or leader's InstallSnapshot of the current term
 * or later for {@code leaderTimeoutMillis}, what the engine's {@code HeartbeatTask} does when the engine's timeout
 * elapses: forget the leader ({@code leader(null)}; or, when a stale pre-vote state blocks it, {@code toFollower} in
 * the same term, as {@link StalePreVoteWatchdog} does) and start a pre-vote ({@code runPreVote()}).</li>
 * </ul>
 * And for the messages of an election (through {@link EngineInbound}): a {@code PreVoteRequest} that the engine would
 * refuse only because this member heard from a leader within the engine's seconds, while this member has heard from
 * none for {@code leaderTimeoutMillis}, is granted here when the engine's other checks pass (the candidate's term is
 * not behind, its log is at least as up to date); a sticky {@code VoteRequest} in that situation goes to the engine's
 * handler as a non-sticky one (the kind a leadership transfer sends), so every other check of the vote is the
 * engine's own: the term, one vote per term persisted before it is granted, the log comparison. Every other message
 * goes to the engine unchanged.
 *
 * <p><b>Why it is safe.</b> Raft's safety (one leader per term, committed entries never lost) rests on terms, the
 * persisted vote and the log comparison, never on a timeout; a timeout only decides when a member starts or supports
 * an election. What keeps a member from disrupting a healthy leader is unchanged in kind: a member grants a pre-vote
 * or a vote here only if it has itself heard nothing from a leader for {@code leaderTimeoutMillis}, and a member that
 * still hears the leader refuses (the engine's own check), so a candidate that lost touch alone (a partitioned or
 * lagging follower) gathers no majority and moves no term; the leader itself refuses every pre-vote.
 *
 * <p><b>When it may act early.</b> A follower whose AppendEntries or responses are lost several times in a row hears
 * nothing for {@code leaderTimeoutMillis} and starts a pre-vote, which the members that hear the leader refuse. Only
 * if a majority hears nothing at once does the term move: then the leader is as good as lost to them.
 *
 * <p>Uses {@code RaftNodeImpl}, {@code RaftState} and the two handlers of MicroRaft 0.7 ({@code EngineVersionTest}).
 * Thread-safe: {@link #heard} runs on transport threads, everything else on the Raft thread.
 */
public final class FailureDetector implements Runnable {

    private static final Logger LOG = LoggerFactory.getLogger(FailureDetector.class);

    private final RaftNodeImpl node;
    private final long intervalMillis;
    private final long timeoutNanos;
    private final LongSupplier nanoTime;
    private final long backoffNanos;
    private final Map<RaftEndpoint, Long> backoffSince = new HashMap<>(); // Raft thread only
    private LeaderState backoffLeader; // Raft thread only: whose back-offs backoffSince tracks
    private volatile long heardNanos;
    private volatile int term; // the node's term as of the last tick: older leaders' messages do not count

    /** @param nanoTime the monotonic time, {@code System::nanoTime} outside tests */
    FailureDetector(RaftNodeImpl node, long intervalMillis, long timeoutMillis, LongSupplier nanoTime) {
        this.node = node;
        this.intervalMillis = intervalMillis;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        this.nanoTime = nanoTime;
        this.heardNanos = nanoTime.getAsLong();
        this.backoffNanos = TimeUnit.MILLISECONDS.toNanos(Math.max(2 * intervalMillis, timeoutMillis / 4));
    }

    /**
     * A detector for {@code node}, or {@code null} when {@code timeoutMillis} is 0 or the engine is not MicroRaft
     * 0.7's {@code RaftNodeImpl}: then only the engine's own timeout applies.
     *
     * @param intervalMillis milliseconds between two ticks (the leader's heartbeats, the follower's checks); > 0
     * @param timeoutMillis  milliseconds of silence after which a follower takes its leader for dead; 0 = off, else
     *                       at least three intervals
     * @throws IllegalArgumentException naming the values, if they are out of range
     */
    public static FailureDetector of(RaftNode node, long intervalMillis, long timeoutMillis) {
        if (intervalMillis <= 0 || timeoutMillis < 0 || (timeoutMillis > 0 && timeoutMillis < 3 * intervalMillis)) {
            throw new IllegalArgumentException("heartbeat interval " + intervalMillis + " ms, leader timeout "
                    + timeoutMillis + " ms (expected: an interval > 0 and a timeout of 0 or at least 3 intervals)");
        }
        if (timeoutMillis == 0 || !(node instanceof RaftNodeImpl impl)) {
            return null;
        }
        return new FailureDetector(impl, intervalMillis, timeoutMillis, System::nanoTime);
    }

    /** Starts the ticks on the node's Raft thread; call once, after the node started. Returns at once. */
    public void start() {
        heardNanos = nanoTime.getAsLong();
        node.getExecutor().schedule(this, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * Notes a message from a leader: an AppendEntries, or an InstallSnapshot its leader sent, of the node's current
     * term or later, the messages after which the engine notes a leader's heartbeat. On a transport thread.
     */
    void heard(RaftMessage message) {
        int t;
        if (message instanceof AppendEntriesRequest a) {
            t = a.getTerm();
        } else if (message instanceof InstallSnapshotRequest s && s.isSenderLeader()) {
            t = s.getTerm();
        } else {
            return;
        }
        if (t >= term) {
            heardNanos = nanoTime.getAsLong();
        }
    }

    /**
     * Hands a pre-vote or vote request to the engine on the Raft thread, granting or relaxing it as the class comment
     * says; {@code false} for any other message (the caller delivers it). On a transport thread; returns at once.
     */
    boolean deliver(RaftMessage message) {
        Runnable task;
        if (message instanceof PreVoteRequest p) {
            task = () -> preVote(p);
        } else if (message instanceof VoteRequest v) {
            task = () -> vote(v);
        } else {
            return false;
        }
        try {
            node.getExecutor().execute(task);
        } catch (RejectedExecutionException e) {
            LOG.debug("{}: terminated; dropped {}", node.getLocalEndpoint().getId(), message.getClass().getSimpleName());
        }
        return true;
    }

    /** One tick; on the Raft thread. Schedules the next until the node terminates. */
    @Override
    public void run() {
        RaftNodeStatus status = node.getStatus();
        if (RaftNodeStatus.isTerminal(status)) {
            return;
        }
        try {
            if (status != RaftNodeStatus.INITIAL) {
                tick(node.state());
            }
        } catch (RuntimeException e) {
            LOG.error("{}: the leader failure detector failed", node.getLocalEndpoint().getId(), e);
        } finally {
            node.getExecutor().schedule(this, intervalMillis, TimeUnit.MILLISECONDS);
        }
    }

    /** One tick's work on a started node; on the Raft thread. */
    void tick(RaftState state) {
        term = state.term();
        LeaderState leading = state.leaderState();
        if (leading != null) {
            endOverdueBackoffs(leading, state.log().snapshotIndex());
            node.broadcastAppendEntriesRequest();
            return;
        }
        backoffLeader = null;
        if (state.role() != RaftRole.FOLLOWER || state.leader() == null || state.candidateState() != null
                || !silent()) {
            return;
        }
        String leader = state.leader().getId().toString();
        if (state.preCandidateState() != null) {
            node.toFollower(state.term()); // the stale pre-vote state of StalePreVoteWatchdog: clears the leader too
        } else {
            node.leader(null);
        }
        LOG.info("{}: heard nothing from leader {} for {} ms or more; starting a pre-vote",
                node.getLocalEndpoint().getId(), leader, TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
        node.runPreVote();
    }

    /**
     * Ends the engine's request back-off to a follower that has lasted {@code backoffNanos}: the engine waits at least
     * about a second (up to twice that after another loss) for a response before it sends a follower anything again, so
     * one lost AppendEntries or response would silence the leader for that follower for longer than the leader
     * timeout. The AppendEntries is sent again (its entries are idempotent at the follower; a late response to the
     * earlier one only raises the match index). A follower being sent a snapshot keeps the engine's back-off.
     */
    private void endOverdueBackoffs(LeaderState leading, long snapshotIndex) {
        if (backoffLeader != leading) {
            backoffLeader = leading;
            backoffSince.clear();
        }
        long now = nanoTime.getAsLong();
        for (Map.Entry<RaftEndpoint, FollowerState> e : leading.getFollowerStates().entrySet()) {
            FollowerState f = e.getValue();
            if (!f.isRequestBackoffSet() || f.nextIndex() <= snapshotIndex) {
                backoffSince.remove(e.getKey());
                continue;
            }
            Long since = backoffSince.putIfAbsent(e.getKey(), now);
            if (since != null && now - since >= backoffNanos) {
                backoffSince.remove(e.getKey());
                f.resetRequestBackoff(); // broadcastAppendEntriesRequest sends to it right after
            }
        }
    }

    /** Whether no leader has been heard from for the timeout. */
    boolean silent() {
        return nanoTime.getAsLong() - heardNanos >= timeoutNanos;
    }

    /** On the Raft thread. */
    private void preVote(PreVoteRequest request) {
        if (runs() && onlyStickinessRefuses(request.getSender()) && request.getTerm() >= node.state().term()
                && upToDate(request.getLastLogTerm(), request.getLastLogIndex())) {
            LOG.debug("{}: granting the pre-vote of {} for term {}: no leader heard for {} ms",
                    node.getLocalEndpoint().getId(), request.getSender().getId(), request.getTerm(),
                    TimeUnit.NANOSECONDS.toMillis(timeoutNanos));
            node.send(request.getSender(), node.getModelFactory().createPreVoteResponseBuilder()
                    .setGroupId(node.getGroupId()).setSender(node.getLocalEndpoint()).setTerm(request.getTerm())
                    .setGranted(true).build());
            return;
        }
        new PreVoteRequestHandler(node, request).run();
    }

    /** On the Raft thread. */
    private void vote(VoteRequest request) {
        VoteRequest handled = request;
        if (runs() && request.isSticky() && onlyStickinessRefuses(request.getSender())) {
            handled = node.getModelFactory().createVoteRequestBuilder().setGroupId(request.getGroupId())
                    .setSender(request.getSender()).setTerm(request.getTerm())
                    .setLastLogTerm(request.getLastLogTerm()).setLastLogIndex(request.getLastLogIndex())
                    .setSticky(false).build();
        }
        new VoteRequestHandler(node, handled).run();
    }

    /**
     * Whether the engine would refuse a candidate for having heard from a leader within its seconds, while this
     * member has heard from none for the detector's timeout (and is not the leader, and the candidate is not its
     * leader, which the engine lets through anyway).
     */
    private boolean onlyStickinessRefuses(Object candidate) {
        RaftState state = node.state();
        return state.leaderState() == null && !node.isLeaderHeartbeatTimeoutElapsed() && silent()
                && !candidate.equals(state.leader());
    }

    /** As the engine's handlers: nothing runs on a node that has not started or has terminated. */
    private boolean runs() {
        RaftNodeStatus status = node.getStatus();
        return !RaftNodeStatus.isTerminal(status) && status != RaftNodeStatus.INITIAL;
    }

    /** The engine's pre-vote log check: the candidate's last entry is at least as up to date as this member's. */
    private boolean upToDate(int lastLogTerm, long lastLogIndex) {
        BaseLogEntry last = node.state().log().lastLogOrSnapshotEntry();
        return last.getTerm() < lastLogTerm || (last.getTerm() == lastLogTerm && last.getIndex() <= lastLogIndex);
    }
}
