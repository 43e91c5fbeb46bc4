package io.raftwire.node.engine;

import io.microraft.RaftNodeStatus;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.impl.handler.AppendEntriesRequestHandler;
import io.microraft.impl.log.RaftLog;
import io.microraft.model.log.LogEntry;
import io.microraft.model.message.AppendEntriesRequest;
import io.raftwire.node.model.AppendEntriesRequestModel;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.store.GroupCommit;

import java.util.ArrayList;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Works around a liveness bug of MicroRaft 0.7, fixed in its unpublished 0.8 (commit d300e13): a follower whose log
 * holds a snapshot up to index {@code s} and entries after it refuses every AppendEntries whose previous entry is
 * inside the snapshot ({@code previousLogIndex <= s}). A leader whose match index for the follower is exactly
 * {@code s} (the follower installed a snapshot, appended one more entry, and its acknowledgement was lost, or it
 * restarted) cannot move its next index below the match index, so it sends the same request for ever and the follower
 * never catches up until the leader changes. The chaos suite's {@code switch} scenario hit it under 10 % drops.
 *
 * <p><b>Where in the engine.</b> {@code AppendEntriesRequestHandler.verifyLastLogEntry} takes the previous entry's
 * term from {@code RaftLog.lastLogOrSnapshotTerm()} when {@code previousLogIndex} is the last index, and otherwise from
 * {@code RaftLog.getLogEntry(previousLogIndex)}, which is {@code null} for an index inside the snapshot: the request is
 * refused without comparing against the snapshot's term. On the leader, {@code AppendEntriesFailureResponseHandler}
 * logs "Cannot decrement next index ... below match index" and retries the same request.
 *
 * <p>The workaround hands such a request to the engine with its first entries dropped: the previous entry becomes the
 * request's own entry at {@code q = s + 1} (or {@code s} when the follower has no entry after its snapshot), with the
 * term the leader gave it, and the entries are those after {@code q}. That is a request the leader could have sent
 * itself (its entry {@code q} and the ones after it), so it is safe for any follower state; the entries dropped are at
 * or below the snapshot index, committed, and so equal to the leader's. The rewrite is made only when the follower's
 * entry at {@code q} has the leader's term, on the Raft thread right before the engine's own handler runs, so the
 * rewritten request passes the engine's check exactly when the Raft paper's check of the original would. Otherwise
 * the original goes to the engine unchanged, and its failure response names the index the leader tried, as before.
 * The success response is the same as for the original: the engine reports
 * {@code previousLogIndex + entries} ({@code q + (n - (q - p))} = {@code p + n}), the same query and flow-control
 * sequence numbers.
 *
 * <p>Uses {@code RaftNodeImpl}'s and {@code AppendEntriesRequestHandler}'s public API, which MicroRaft 0.7 is pinned
 * to ({@code EngineVersionTest}); {@code SnapshottedPreviousEntryTest} shows the raw engine refusing the original, so
 * it fails once an upgrade makes this class unnecessary. Reached through {@link EngineInbound}.
 */
final class SnapshottedPreviousEntry {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshottedPreviousEntry.class);

    private SnapshottedPreviousEntry() {
    }

    /**
     * Runs the engine's handler for {@code request} on {@code node}'s Raft thread, with the request adjusted as above
     * when its previous entry is inside the follower's snapshot. The handler runs inside
     * {@link GroupCommit#flushAsynchronously}: its {@code RaftLog.flush()} hands the appended entries to the store's
     * sync thread, and the success response it sends is held back by the node's transport until they are durable.
     * Called on a transport I/O thread; returns at once.
     */
    static void deliver(RaftNodeImpl node, GroupCommit store, AppendEntriesRequest request) {
        node.getExecutor().execute(() -> {
            if (RaftNodeStatus.isTerminal(node.getStatus())) {
                return;
            }
            AppendEntriesRequest handled = adjust(node.state().log(), node.state().commitIndex(), request);
            if (handled != request) {
                LOG.debug("{}: previous entry {} of an AppendEntries from {} is inside the snapshot at {}; handing the"
                        + " engine the same entries from {} on (MicroRaft 0.7 would refuse it)",
                        node.getLocalEndpoint().getId(), request.getPreviousLogIndex(), request.getSender().getId(),
                        node.state().log().snapshotIndex(), handled.getPreviousLogIndex());
            }
            store.flushAsynchronously(new AppendEntriesRequestHandler(node, handled));
        });
    }

    /**
     * The request the engine should see for {@code log} and the follower's {@code commitIndex}: {@code request} itself
     * unless its previous entry is inside the snapshot and the rewrite described above applies. The rewritten request
     * never makes the engine lower the follower's commit index (0.7 sets it to {@code min(leader's commit, last entry
     * of the request)} when the leader's is higher, which the original request, refused, never reached): when the
     * request's last entry is below it, the leader's commit index is handed on as the follower's own. Must run on the
     * Raft thread that owns {@code log}.
     */
    static AppendEntriesRequest adjust(RaftLog log, long commitIndex, AppendEntriesRequest request) {
        long p = request.getPreviousLogIndex();
        long s = log.snapshotIndex();
        long last = log.lastLogOrSnapshotIndex();
        if (p == 0 || p >= last || p > s || log.containsLogEntry(p)) {
            return request; // the engine finds the previous entry itself (or rightly does not)
        }
        long q = last == s ? s : s + 1;
        List<LogEntry> entries = request.getLogEntries();
        int at = (int) (q - p - 1); // position of entry q in the request
        if (at < 0 || at >= entries.size()) {
            return request;
        }
        LogEntry leaders = entries.get(at);
        int followersTerm = q == last ? log.lastLogOrSnapshotTerm() : log.getLogEntry(q).getTerm();
        if (leaders.getIndex() != q || leaders.getTerm() != followersTerm) {
            return request; // entry q conflicts: only the engine's failure path is right
        }
        List<LogEntryModel> rest = new ArrayList<>(entries.size() - at - 1);
        for (LogEntry e : entries.subList(at + 1, entries.size())) {
            rest.add((LogEntryModel) e);
        }
        long leaderCommit = request.getCommitIndex();
        if (leaderCommit > commitIndex && p + entries.size() < commitIndex) {
            leaderCommit = commitIndex;
        }
        return new AppendEntriesRequestModel((String) request.getGroupId(), (NodeEndpoint) request.getSender(),
                request.getTerm(), leaders.getTerm(), q, leaderCommit, rest,
                request.getQuerySequenceNumber(), request.getFlowControlSequenceNumber());
    }
}
