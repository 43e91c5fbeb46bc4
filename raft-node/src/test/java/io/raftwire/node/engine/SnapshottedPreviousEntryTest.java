package io.raftwire.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.microraft.RaftConfig;

import io.microraft.RaftNode;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.model.message.AppendEntriesFailureResponse;
import io.microraft.model.message.AppendEntriesRequest;
import io.microraft.model.message.AppendEntriesSuccessResponse;
import io.microraft.model.message.RaftMessage;
import io.microraft.persistence.RestoredRaftState;

import io.raftwire.node.model.AppendEntriesRequestModel;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftEndpointPersistentStateModel;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.RaftwireModelFactory;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.SnapshotEntryModel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import java.util.function.Supplier;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A follower restored (as after a restart, or after installing a snapshot) with a snapshot at index 10 and one entry
 * after it, and a leader whose match index for it is 10, so that every AppendEntries it sends names entry 10 as the
 * previous one: what the chaos suite's {@code switch} scenario left a member in for good.
 */
@Timeout(30)
class SnapshottedPreviousEntryTest {

    private static final String GROUP = "g";
    private final NodeEndpoint leader = new NodeEndpoint("node-1");
    private final NodeEndpoint follower = new NodeEndpoint("node-2");
    private final List<NodeEndpoint> members = List.of(leader, follower, new NodeEndpoint("node-3"));
    private final RaftGroupMembersViewModel view = new RaftGroupMembersViewModel(0, members, members);
    private final List<RaftNode> started = new ArrayList<>();

    @AfterEach
    void terminate() {
        started.forEach(n -> n.terminate().join());
    }

    @Test
    void microRaft07RefusesAPreviousEntryInsideTheSnapshotWithoutTheWorkaround() throws Exception {
        BlockingQueue<RaftMessage> sent = new LinkedBlockingQueue<>();
        RaftNode node = follower(sent, 11, 1);
        node.handle(append(1, 10, 10, entry(11, 1), entry(12, 1)));
        AppendEntriesFailureResponse refused = next(sent, AppendEntriesFailureResponse.class);
        assertEquals(11, refused.getExpectedNextIndex(),
                "MicroRaft 0.7 refuses it; if this fails, the engine was upgraded with the fix (MicroRaft d300e13) and"
                        + " SnapshottedPreviousEntry can go");
    }

    @Test
    void theInboundPathHandsTheEngineTheEntriesAfterTheSnapshotAndTheFollowerCatchesUp() throws Exception {
        BlockingQueue<RaftMessage> sent = new LinkedBlockingQueue<>();
        RaftNode node = follower(sent, 11, 1);
        new EngineInbound(node).deliver(append(1, 12, 10, entry(11, 1), entry(12, 1), entry(13, 1)));
        AppendEntriesSuccessResponse ok = next(sent, AppendEntriesSuccessResponse.class);
        assertEquals(13, ok.getLastLogIndex(), "the leader learns that the follower matches it up to entry 13");
        assertEquals(7, ok.getQuerySequenceNumber());
        assertEquals(8, ok.getFlowControlSequenceNumber());
        long commit = node.getReport().join().getResult().getLog().getCommitIndex();
        assertEquals(12, commit, "the leader's commit index, bounded by the entries appended, is applied");
        assertEquals(13, node.getReport().join().getResult().getLog().getLastLogOrSnapshotIndex());
    }

    @Test
    void aConflictingEntryAfterTheSnapshotGoesToTheEngineUnchangedAndIsRefusedAsBefore() throws Exception {
        BlockingQueue<RaftMessage> sent = new LinkedBlockingQueue<>();
        RaftNode node = follower(sent, 11, 1); // the follower's entry 11 is of term 1
        new EngineInbound(node).deliver(append(2, 10, 10, entry(11, 2), entry(12, 2)));
        AppendEntriesFailureResponse refused = next(sent, AppendEntriesFailureResponse.class);
        assertEquals(11, refused.getExpectedNextIndex(), "the failure names the index the leader tried, as before");
    }

    @Test
    void adjustLeavesEveryOtherRequestAlone() throws Exception {
        BlockingQueue<RaftMessage> sent = new LinkedBlockingQueue<>();
        RaftNodeImpl node = (RaftNodeImpl) follower(sent, 11, 1);
        AppendEntriesRequest atLast = append(1, 10, 11, entry(12, 1));
        AppendEntriesRequest beyond = append(1, 10, 14, entry(15, 1));
        AppendEntriesRequest heartbeat = new AppendEntriesRequestModel(GROUP, leader, 1, 1, 10, 10, List.of(), 0, 0);
        AppendEntriesRequest tooShort = append(1, 10, 9, entry(10, 1));
        List<AppendEntriesRequest> unchanged = List.of(atLast, beyond, heartbeat, tooShort);
        List<AppendEntriesRequest> seen = onRaftThread(node, () -> unchanged.stream()
                .map(r -> SnapshottedPreviousEntry.adjust(node.state().log(), 10, r)).toList());
        for (int i = 0; i < unchanged.size(); i++) {
            assertSame(unchanged.get(i), seen.get(i), "request " + i);
        }
        AppendEntriesRequest inside = append(1, 10, 9, entry(10, 1), entry(11, 1), entry(12, 1));
        AppendEntriesRequest adjusted = onRaftThread(node, () -> SnapshottedPreviousEntry.adjust(node.state().log(), 10,
                inside));
        assertEquals(new AppendEntriesRequestModel(GROUP, leader, 1, 1, 11, 10, List.of(entry(12, 1)), 7, 8),
                adjusted, "previous entry 11 with the leader's term, the entries after it, the rest unchanged");
        AppendEntriesRequest ahead = append(1, 40, 9, entry(10, 1), entry(11, 1), entry(12, 1));
        AppendEntriesRequest kept = onRaftThread(node, () -> SnapshottedPreviousEntry.adjust(node.state().log(), 20,
                ahead));
        assertEquals(20, kept.getCommitIndex(), "a follower that has committed 20 must not be told to commit only up"
                + " to entry 12, the request's last (0.7 would lower its commit index)");
    }

    /** A follower restored with a snapshot at 10 (term 1) and one entry of {@code term} at {@code lastIndex}. */
    private RaftNode follower(BlockingQueue<RaftMessage> sent, long lastIndex, int term) {
        SnapshotEntryModel snapshot = new SnapshotEntryModel(10, 1,
                List.of(new SnapshotChunkModel(10, 1, "state at 10", 0, 1, view)), view);
        RestoredRaftState restored = new RestoredRaftState(new RaftEndpointPersistentStateModel(follower, true), view,
                new RaftTermPersistentStateModel(term, null), snapshot, List.of(entry(lastIndex, term)));
        RaftConfig config = RaftConfig.newBuilder().setLeaderElectionTimeoutMillis(60_000)
                .setLeaderHeartbeatTimeoutSecs(60).setLeaderHeartbeatPeriodSecs(30).build();
        RaftNode node = RaftNode.newBuilder().setGroupId(GROUP).setRestoredState(restored).setConfig(config)
                .setTransport(new EngineDoubles.Capture(sent)).setStateMachine(new EngineDoubles.Applies())
                .setModelFactory(RaftwireModelFactory.INSTANCE).build();
        started.add(node);
        node.start().join();
        return node;
    }

    /** From the leader, whose entries up to 12 are of term 1; query and flow-control sequence numbers 7 and 8. */
    private AppendEntriesRequest append(int term, long commit, long previous, LogEntryModel... entries) {
        return new AppendEntriesRequestModel(GROUP, leader, term, 1, previous, commit, List.of(entries), 7, 8);
    }

    private static <T> T onRaftThread(RaftNodeImpl node, Supplier<T> task) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        node.getExecutor().execute(() -> result.complete(task.get()));
        return result.get(10, TimeUnit.SECONDS);
    }

    private static LogEntryModel entry(long index, int term) {
        return new LogEntryModel(index, term, "op-" + index);
    }

    private static <T> T next(BlockingQueue<RaftMessage> sent, Class<T> type) throws InterruptedException {
        while (true) {
            RaftMessage m = sent.poll(20, TimeUnit.SECONDS);
            if (m == null) {
                throw new AssertionError("no " + type.getSimpleName() + " sent within 20 s");
            }
            if (m instanceof AppendEntriesSuccessResponse || m instanceof AppendEntriesFailureResponse) {
                return assertInstanceOf(type, m);
            }
        }
    }
}
