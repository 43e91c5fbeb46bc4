package io.raftwire.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.RaftConfig;
import io.microraft.RaftNode;
import io.microraft.RaftNodeStatus;
import io.microraft.model.message.AppendEntriesSuccessResponse;
import io.microraft.model.message.RaftMessage;
import io.microraft.report.RaftLogStats;
import io.microraft.statemachine.StateMachine;
import io.raftwire.node.model.AppendEntriesRequestModel;
import io.raftwire.node.model.EngineType;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftwireModelFactory;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.StoreFixtures;
import io.raftwire.node.store.StoreOptions;
import io.raftwire.node.store.Syncer;
import io.raftwire.node.transport.RaftMessageTransport;
import io.raftwire.node.transport.RaftTransportCounters;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.Transport;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engine seams that take the fsync off MicroRaft 0.7's Raft thread, on the raw engine with a {@link FileRaftStore}
 * whose sync thread is held inside its force: the leader ({@link AsyncFlushExecutor}) commits only once its own entry
 * is durable, the follower ({@link EngineInbound}) acknowledges only then, and in both cases the Raft thread keeps
 * answering while the force runs. Without the seams the engine's flush would force on the Raft thread, which the gate
 * does not hold, and these tests fail waiting for a force on the sync thread.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a deadlock fails the test
class AsyncFlushTest {

    private static final String GROUP = "g";
    private static final long WAIT_SECONDS = 20;

    @TempDir
    Path dir;

    private final NodeEndpoint n1 = new NodeEndpoint("node-1");
    private final NodeEndpoint n2 = new NodeEndpoint("node-2");
    private final NodeEndpoint n3 = new NodeEndpoint("node-3");
    private final GateOnSyncThread syncer = new GateOnSyncThread();
    private final List<RaftNode> started = new ArrayList<>();
    private FileRaftStore store;

    /** Holds the store's sync thread at the start of each force until released; forces elsewhere run at once. */
    static final class GateOnSyncThread implements Syncer {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch gate = new CountDownLatch(1);

        @Override
        public void force(FileChannel channel) throws IOException {
            if (Thread.currentThread().getName().startsWith("raftwire-store-sync ")) {
                entered.countDown();
                await(gate);
            }
            Syncer.SYSTEM.force(channel);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            Syncer.SYSTEM.forceDirectory(directory);
        }
    }

    /** Applies nothing and appends no entry of its own when a term starts. */
    static final class Quiet implements StateMachine {
        @Override
        public Object runOperation(long commitIndex, Object operation) {
            return operation;
        }

        @Override
        public void takeSnapshot(long commitIndex, Consumer<Object> snapshotChunkConsumer) {
            snapshotChunkConsumer.accept(new StoreFixtures.Put("snapshot", commitIndex));
        }

        @Override
        public void installSnapshot(long commitIndex, List<Object> snapshotChunks) {
        }

        @Override
        public Object getNewTermOperation() {
            return null;
        }
    }

    @AfterEach
    void terminate() throws IOException {
        syncer.gate.countDown();
        for (RaftNode n : started) {
            n.terminate().join();
        }
        if (store != null) {
            store.close();
        }
    }

    @Test
    void theLeaderCommitsOnlyOnceItsOwnEntryIsDurableAndItsRaftThreadRunsMeanwhile() throws Exception {
        RaftNode node = start(n1, List.of(n1), new EngineDoubles.Capture(new LinkedBlockingQueue<>()));
        CompletableFuture<?> replicated = node.replicate(new StoreFixtures.Put("k", 1)).toCompletableFuture();
        await(syncer.entered);
        RaftLogStats log = node.getReport().get(WAIT_SECONDS, TimeUnit.SECONDS).getResult().getLog();
        assertEquals(1, log.getLastLogOrSnapshotIndex(), "the Raft thread answers while the force runs");
        assertEquals(0, log.getCommitIndex(), "a singleton leader's entry is not committed before it is durable");
        assertFalse(replicated.isDone());
        syncer.gate.countDown();
        replicated.get(WAIT_SECONDS, TimeUnit.SECONDS);
        assertEquals(1, node.getReport().get(WAIT_SECONDS, TimeUnit.SECONDS).getResult().getLog().getCommitIndex());
    }

    @Test
    void theFollowerAcknowledgesOnlyOnceTheEntriesAreDurableAndItsRaftThreadRunsMeanwhile() throws Exception {
        BlockingQueue<RaftMessage> sent = new LinkedBlockingQueue<>();
        RaftNode node = start(n2, List.of(n1, n2, n3), new RaftMessageTransport(network(sent),
                new RaftTransportCounters(), store()));
        new EngineInbound(node, store).deliver(new AppendEntriesRequestModel(GROUP, n1, 1, 0, 0, 0,
                List.of(entry(1), entry(2)), 0, 0));
        await(syncer.entered);
        RaftLogStats log = node.getReport().get(WAIT_SECONDS, TimeUnit.SECONDS).getResult().getLog();
        assertEquals(2, log.getLastLogOrSnapshotIndex(), "the Raft thread appended and answers while the force runs");
        assertNull(firstAck(sent, 0), "no acknowledgement while the entries are being forced");
        syncer.gate.countDown();
        AppendEntriesSuccessResponse ack = firstAck(sent, WAIT_SECONDS);
        assertTrue(ack != null, "no acknowledgement within " + WAIT_SECONDS + " s of the force");
        assertEquals(2, ack.getLastLogIndex());
        assertEquals(RaftNodeStatus.ACTIVE, node.getStatus());
    }

    private FileRaftStore store() throws IOException {
        if (store == null) {
            TypeRegistry registry = EngineType.registerAll(TypeRegistry.builder())
                    .register(1024, StoreFixtures.Put.class).build();
            Serializer serializer = Serializers.create("kryo", registry, SerializerOptions.defaults());
            store = FileRaftStore.open(dir, serializer, GROUP, StoreOptions.defaults().withSyncer(syncer));
            store.takeRestoredState();
        }
        return store;
    }

    private RaftNode start(NodeEndpoint self, List<NodeEndpoint> members, io.microraft.transport.Transport transport)
            throws Exception {
        AsyncFlushExecutor executor = new AsyncFlushExecutor(store());
        RaftConfig config = RaftConfig.newBuilder().setLeaderElectionTimeoutMillis(60_000)
                .setLeaderHeartbeatTimeoutSecs(60).setLeaderHeartbeatPeriodSecs(30).build();
        RaftNode node = RaftNode.newBuilder().setGroupId(GROUP).setLocalEndpoint(self)
                .setInitialGroupMembers(new ArrayList<>(members)).setConfig(config).setExecutor(executor)
                .setTransport(transport).setStateMachine(new Quiet()).setStore(store)
                .setModelFactory(RaftwireModelFactory.INSTANCE).build();
        executor.bind(node);
        started.add(node);
        node.start().get(WAIT_SECONDS, TimeUnit.SECONDS);
        return node;
    }

    private static LogEntryModel entry(long index) {
        return new LogEntryModel(index, 1, new StoreFixtures.Put("k" + index, index));
    }

    /** The first success response sent, waiting up to {@code seconds}; other messages are skipped. */
    private static AppendEntriesSuccessResponse firstAck(BlockingQueue<RaftMessage> sent, long seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            RaftMessage m = sent.poll(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (m == null || m instanceof AppendEntriesSuccessResponse) {
                return (AppendEntriesSuccessResponse) m;
            }
        }
    }

    private Transport network(BlockingQueue<RaftMessage> sent) {
        return (Transport) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Transport.class},
                (p, m, a) -> switch (m.getName()) {
                    case "send" -> {
                        sent.add((RaftMessage) a[1]);
                        yield CompletableFuture.completedFuture(null);
                    }
                    case "isReachable" -> true;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(WAIT_SECONDS, TimeUnit.SECONDS), "not reached within " + WAIT_SECONDS + " s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
