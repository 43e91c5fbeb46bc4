package io.raftwire.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.RaftConfig;

import io.microraft.RaftNode;
import io.microraft.RaftRole;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.impl.task.HeartbeatTask;
import io.microraft.model.message.AppendEntriesSuccessResponse;
import io.microraft.model.message.PreVoteRequest;
import io.microraft.model.message.RaftMessage;
import io.microraft.persistence.RestoredRaftState;

import io.raftwire.node.model.AppendEntriesRequestModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftEndpointPersistentStateModel;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.RaftwireModelFactory;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * One follower of a 3-member group on the raw engine, driven by hand: a clock the test moves and the engine's own
 * tasks run on the Raft thread when the test says so. It shows the stale pre-vote state MicroRaft 0.7 never leaves,
 * and {@link StalePreVoteWatchdog} leaving it.
 */
@Timeout(30)
class StalePreVoteWatchdogTest {

    private static final String GROUP = "g";
    private final NodeEndpoint leader = new NodeEndpoint("node-1");
    private final NodeEndpoint follower = new NodeEndpoint("node-2");
    private final List<NodeEndpoint> members = List.of(leader, follower, new NodeEndpoint("node-3"));
    private final RaftGroupMembersViewModel view = new RaftGroupMembersViewModel(0, members, members);
    private final BlockingQueue<RaftMessage> sent = new LinkedBlockingQueue<>();
    private final ManualClock clock = new ManualClock();
    private RaftNodeImpl node;

    /** The watchdog's warning, captured (not printed) and checked. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", StalePreVoteWatchdog.class.getName());

    @AfterEach
    void terminate() {
        if (node != null) {
            node.terminate().join();
        }
    }

    @Test
    void microRaft07KeepsARefusedPreVoteAfterHearingTheLeaderAndTheWatchdogClearsItOnceTheLeaderTimesOut()
            throws Exception {
        node = startFollower();
        assertEquals(2, drain(PreVoteRequest.class), "a starting node asks both other members for a pre-vote");
        node.handle(new AppendEntriesRequestModel(GROUP, leader, 1, 0, 0, 0, List.of(), 0, 0));
        assertTrue(next() instanceof AppendEntriesSuccessResponse, "the follower accepts the leader of term 1");

        onRaftThread(() -> {
            assertEquals(leader, node.state().leader());
            assertNotNull(node.state().preCandidateState(), "MicroRaft 0.7 keeps the pre-candidate state after"
                    + " hearing from a leader of the same term; if this fails, the engine was upgraded with a fix"
                    + " and StalePreVoteWatchdog can go");
        });
        clock.advanceSecs(11); // the leader's heartbeat timeout (10 s) elapses: it died
        onRaftThread(() -> {
            assertTrue(node.isLeaderHeartbeatTimeoutElapsed());
            new HeartbeatTask(node).run();
            assertEquals(leader, node.state().leader(), "the engine's heartbeat task skips a node with a"
                    + " pre-candidate state: it never notices the leader's death");
        });
        assertEquals(0, drain(PreVoteRequest.class), "and so never starts an election");

        onRaftThread(() -> {
            new StalePreVoteWatchdog(node, 3600).run();
            assertNull(node.state().leader(), "the watchdog forgets the dead leader");
            assertNull(node.state().preCandidateState(), "and the stale pre-vote");
            assertEquals(RaftRole.FOLLOWER, node.state().role());
            assertEquals(1, node.state().term(), "in the same term");
            new HeartbeatTask(node).run();
        });
        assertTrue(logs.await("stale pre-vote state blocked failure detection").contains("node-2: leader node-1"),
                "the warning names the member and the leader it gave up on");
        assertEquals(2, drain(PreVoteRequest.class), "the engine's next heartbeat task starts a pre-vote");
    }

    @Test
    void theWatchdogLeavesAFollowerWithALiveLeaderAlone() throws Exception {
        node = startFollower();
        drain(PreVoteRequest.class);
        node.handle(new AppendEntriesRequestModel(GROUP, leader, 1, 0, 0, 0, List.of(), 0, 0));
        assertTrue(next() instanceof AppendEntriesSuccessResponse);
        onRaftThread(() -> {
            new StalePreVoteWatchdog(node, 3600).run();
            assertEquals(leader, node.state().leader(), "the leader's heartbeats have not timed out");
        });
    }

    private RaftNodeImpl startFollower() {
        RestoredRaftState restored = new RestoredRaftState(new RaftEndpointPersistentStateModel(follower, true), view,
                new RaftTermPersistentStateModel(1, null), null, List.of());
        // long periods: the engine's own scheduled tasks never run during the test; the test runs them by hand
        RaftConfig config = RaftConfig.newBuilder().setLeaderElectionTimeoutMillis(3_600_000)
                .setLeaderHeartbeatTimeoutSecs(10).setLeaderHeartbeatPeriodSecs(5).build();
        RaftNode built = RaftNode.newBuilder().setGroupId(GROUP).setRestoredState(restored).setConfig(config)
                .setTransport(new EngineDoubles.Capture(sent)).setStateMachine(new EngineDoubles.Applies())
                .setClock(clock)
                .setModelFactory(RaftwireModelFactory.INSTANCE).build();
        built.start().join();
        return (RaftNodeImpl) built;
    }

    private static void onRaftThread(RaftNodeImpl node, Runnable task) throws Exception {
        CompletableFuture<Void> done = new CompletableFuture<>();
        node.getExecutor().execute(() -> {
            try {
                task.run();
                done.complete(null);
            } catch (Throwable t) {
                done.completeExceptionally(t);
            }
        });
        try {
            done.get(10, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof AssertionError a) {
                throw a;
            }
            throw e;
        }
    }

    private void onRaftThread(Runnable task) throws Exception {
        onRaftThread(node, task);
    }

    /** Takes every message sent so far (all of it was sent on the Raft thread before the last task returned). */
    private int drain(Class<?> type) {
        List<RaftMessage> all = new ArrayList<>();
        sent.drainTo(all);
        return (int) all.stream().filter(type::isInstance).count();
    }

    private RaftMessage next() throws InterruptedException {
        RaftMessage m = sent.poll(10, TimeUnit.SECONDS);
        if (m == null) {
            throw new AssertionError("nothing sent within 10 s");
        }
        return m;
    }

    /** A clock that moves only when the test moves it. */
    private static final class ManualClock extends Clock {
        private final AtomicLong millis = new AtomicLong(1_000_000);

        void advanceSecs(long secs) {
            millis.addAndGet(TimeUnit.SECONDS.toMillis(secs));
        }

        @Override
        public ZoneId getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public long millis() {
            return millis.get();
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(millis());
        }
    }
}
