package io.raftwire.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.RaftConfig;
import io.microraft.RaftNode;
import io.microraft.executor.RaftNodeExecutor;
import io.microraft.executor.impl.DefaultRaftNodeExecutor;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.lifecycle.RaftNodeLifecycleAware;
import io.microraft.model.message.AppendEntriesRequest;
import io.microraft.model.message.AppendEntriesSuccessResponse;
import io.microraft.model.message.PreVoteRequest;
import io.microraft.model.message.PreVoteResponse;
import io.microraft.model.message.RaftMessage;
import io.microraft.model.message.VoteResponse;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.AppendEntriesRequestModel;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.PreVoteRequestModel;
import io.raftwire.node.model.RaftEndpointPersistentStateModel;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.RaftwireModelFactory;
import io.raftwire.node.model.VoteRequestModel;
import io.raftwire.node.model.VoteResponseModel;
import io.raftwire.node.store.GroupCommit;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One follower of a 3-member group on the raw engine, whose own leader timeout (10 s, on the system clock) never
 * elapses during the test, with a {@link FailureDetector} on a time the test moves and ticks it runs by hand: the
 * detector, not the engine, decides when the leader is gone, and a member that still hears its leader keeps refusing.
 */
@Timeout(30)
class FailureDetectorTest {

    private static final String GROUP = "g";
    private static final long TIMEOUT_MS = 1000;
    private final NodeEndpoint leader = new NodeEndpoint("node-1");
    private final NodeEndpoint follower = new NodeEndpoint("node-2");
    private final NodeEndpoint candidate = new NodeEndpoint("node-3");
    private final List<NodeEndpoint> members = List.of(leader, follower, candidate);
    private final BlockingQueue<RaftMessage> sent = new LinkedBlockingQueue<>();
    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private RaftNodeImpl node;
    private FailureDetector detector;
    private EngineInbound inbound;

    @AfterEach
    void terminate() {
        if (node != null) {
            node.terminate().join();
        }
    }

    @Test
    void aFollowerThatHearsNothingFromItsLeaderForTheTimeoutStartsAPreVoteLongBeforeTheEngineWould()
            throws Exception {
        startFollowerOfTerm1();
        advanceMillis(TIMEOUT_MS - 1);
        onRaftThread(() -> {
            detector.tick(node.state());
            assertEquals(leader, node.state().leader(), "1 ms before the timeout the leader is kept");
        });
        assertEquals(0, drain(PreVoteRequest.class));
        advanceMillis(1);
        onRaftThread(() -> {
            assertFalse(node.isLeaderHeartbeatTimeoutElapsed(), "the engine's own timeout (10 s) has not elapsed");
            detector.tick(node.state());
            assertNull(node.state().leader(), "at the timeout the follower forgets the silent leader");
        });
        assertEquals(2, drain(PreVoteRequest.class), "and asks both other members for a pre-vote");
    }

    @Test
    void aLeadersMessageRestartsTheTimeout() throws Exception {
        startFollowerOfTerm1();
        advanceMillis(TIMEOUT_MS - 1);
        heartbeat();
        advanceMillis(TIMEOUT_MS - 1);
        onRaftThread(() -> {
            detector.tick(node.state());
            assertEquals(leader, node.state().leader(), "heard 999 ms ago: the leader is alive");
        });
        assertEquals(0, drain(PreVoteRequest.class));
    }

    @Test
    void aMemberThatHeardNoLeaderForTheTimeoutGrantsAPreVoteAndAVoteTheEngineWouldRefuseForItsSeconds()
            throws Exception {
        startFollowerOfTerm1();
        advanceMillis(TIMEOUT_MS);
        inbound.deliver(new PreVoteRequestModel(GROUP, candidate, 2, 1, 1));
        PreVoteResponse pre = next(PreVoteResponse.class);
        assertTrue(pre.isGranted(), "silent for the timeout: the pre-vote is granted");
        assertEquals(2, pre.getTerm());
        inbound.deliver(new VoteRequestModel(GROUP, candidate, 2, 1, 1, true));
        VoteResponse vote = next(VoteResponse.class);
        assertTrue(vote.isGranted(), "and the sticky vote, through the engine's own handler");
        onRaftThread(() -> {
            assertEquals(2, node.state().term(), "the engine moved to the candidate's term");
            assertEquals(candidate, node.state().votedEndpoint(), "and recorded its vote");
        });
    }

    @Test
    void aMemberThatStillHearsItsLeaderRefusesThePreVoteAndTheStickyVote() throws Exception {
        startFollowerOfTerm1();
        advanceMillis(TIMEOUT_MS - 1);
        inbound.deliver(new PreVoteRequestModel(GROUP, candidate, 2, 1, 1));
        assertFalse(next(PreVoteResponse.class).isGranted(), "heard the leader 999 ms ago: refused");
        inbound.deliver(new VoteRequestModel(GROUP, candidate, 2, 1, 1, true));
        assertFalse(next(VoteResponse.class).isGranted(), "the sticky vote too");
        onRaftThread(() -> {
            assertEquals(1, node.state().term(), "the term did not move");
            assertEquals(leader, node.state().leader(), "and the leader is kept");
        });
    }

    @Test
    void aSilentMemberStillRefusesACandidateWhoseLogIsBehind() throws Exception {
        startFollowerOfTerm1();
        advanceMillis(TIMEOUT_MS);
        inbound.deliver(new PreVoteRequestModel(GROUP, candidate, 2, 0, 0));
        assertFalse(next(PreVoteResponse.class).isGranted(), "the candidate's last entry is of term 0, this member's"
                + " of term 1: refused, whatever the timeout");
    }

    @Test
    void theLeaderEndsTheEnginesBackOffTowardsAFollowerThatHasNotAnsweredFor250ms() throws Exception {
        // the engine's own back-off reset never runs here: the executor drops every scheduled task
        startFollowerOfTerm1(new Unscheduled());
        onRaftThread(() -> node.toCandidate(false));
        node.handle(new VoteResponseModel(GROUP, leader, 2, true));
        assertEquals(2, count(AppendEntriesRequest.class, 2), "the new leader of term 2 sends each follower an"
                + " AppendEntries, and waits for its answer (the engine's back-off)");
        onRaftThread(() -> detector.tick(node.state()));
        advanceMillis(249);
        onRaftThread(() -> detector.tick(node.state()));
        assertEquals(0, drain(AppendEntriesRequest.class), "249 ms without an answer: the leader still waits");
        advanceMillis(1);
        onRaftThread(() -> detector.tick(node.state()));
        assertEquals(2, drain(AppendEntriesRequest.class), "250 ms without an answer: the AppendEntries go again,"
                + " where the engine would wait about a second");
    }

    @Test
    void settingsOutOfRangeAreRefusedNamingThem() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FailureDetector.of(null, 100, 250));
        assertEquals("heartbeat interval 100 ms, leader timeout 250 ms (expected: an interval > 0 and a timeout of 0"
                + " or at least 3 intervals)", e.getMessage());
        assertNull(FailureDetector.of(null, 100, 0), "0 turns the detector off");
    }

    /** A follower in term 1 whose log holds one entry of term 1, that has just heard from {@code leader}. */
    private void startFollowerOfTerm1() throws Exception {
        startFollowerOfTerm1(new DefaultRaftNodeExecutor());
    }

    private void startFollowerOfTerm1(RaftNodeExecutor executor) throws Exception {
        RaftGroupMembersViewModel view = new RaftGroupMembersViewModel(0, members, members);
        RestoredRaftState restored = new RestoredRaftState(new RaftEndpointPersistentStateModel(follower, true), view,
                new RaftTermPersistentStateModel(1, null), null, List.of());
        // long periods: the engine's own scheduled tasks never run during the test
        RaftConfig config = RaftConfig.newBuilder().setLeaderElectionTimeoutMillis(3_600_000)
                .setLeaderHeartbeatTimeoutSecs(10).setLeaderHeartbeatPeriodSecs(5).build();
        RaftNode built = RaftNode.newBuilder().setGroupId(GROUP).setRestoredState(restored).setConfig(config)
                .setExecutor(executor).setTransport(new EngineDoubles.Capture(sent)).setStateMachine(new EngineDoubles.Applies())
                .setModelFactory(RaftwireModelFactory.INSTANCE).build();
        node = (RaftNodeImpl) built;
        detector = new FailureDetector(node, 100, TIMEOUT_MS, nanos::get);
        inbound = new EngineInbound(node, GroupCommit.IMMEDIATE, detector);
        node.start().join();
        sent.clear(); // the pre-votes a starting node sends
        inbound.deliver(new AppendEntriesRequestModel(GROUP, leader, 1, 0, 0, 0,
                List.of(new LogEntryModel(1, 1, "op")), 0, 0));
        next(AppendEntriesSuccessResponse.class);
        onRaftThread(() -> {
            detector.tick(node.state()); // learns the term
            assertEquals(leader, node.state().leader());
        });
    }

    private void heartbeat() throws Exception {
        inbound.deliver(new AppendEntriesRequestModel(GROUP, leader, 1, 1, 1, 0, List.of(), 0, 0));
        next(AppendEntriesSuccessResponse.class);
    }

    private void advanceMillis(long millis) {
        nanos.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
    }

    private void onRaftThread(Runnable task) throws Exception {
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
        } catch (ExecutionException e) {
            if (e.getCause() instanceof AssertionError a) {
                throw a;
            }
            throw e;
        }
    }

    /** Takes every message sent so far (all of it was sent on the Raft thread before the last task returned). */
    private int drain(Class<?> type) {
        List<RaftMessage> all = new ArrayList<>();
        sent.drainTo(all);
        return (int) all.stream().filter(type::isInstance).count();
    }

    /** Counts the messages of {@code type} until {@code expected} came, for up to 10 s; then takes the rest too. */
    private int count(Class<?> type, int expected) throws InterruptedException {
        int n = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (n < expected) {
            RaftMessage m = sent.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null) {
                break;
            }
            n += type.isInstance(m) ? 1 : 0;
        }
        return n + drain(type);
    }

    /** MicroRaft's executor with every scheduled task dropped: the engine's timers never fire. */
    private static final class Unscheduled implements RaftNodeExecutor, RaftNodeLifecycleAware {
        private final DefaultRaftNodeExecutor real = new DefaultRaftNodeExecutor();

        @Override
        public void execute(Runnable task) {
            real.execute(task);
        }

        @Override
        public void submit(Runnable task) {
            real.submit(task);
        }

        @Override
        public void schedule(Runnable task, long delay, TimeUnit timeUnit) {
        }

        @Override
        public void onRaftNodeStart() {
            real.onRaftNodeStart();
        }

        @Override
        public void onRaftNodeTerminate() {
            real.onRaftNodeTerminate();
        }
    }

    /** The next message of {@code type}, skipping others. */
    private <T> T next(Class<T> type) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            RaftMessage m = sent.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null) {
                throw new AssertionError("no " + type.getSimpleName() + " sent within 10 s");
            }
            if (type.isInstance(m)) {
                return type.cast(m);
            }
        }
    }
}
