package io.raftwire.cluster;

import io.raftwire.it.ItProviders;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.SessionEventListener;
import io.raftwire.node.kv.KvEvent;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.kv.KvWatch;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.session.SessionEvents;
import io.raftwire.node.session.SessionTable;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.NettyTransportFactory;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Session events end to end on loopback sockets: KV watches publish events that the leader pushes over the clients'
 * own connections, delivered in order and exactly once, across a leader kill, bounded per session, and held alike by
 * every member (also one that caught up through a snapshot).
 */
@ExtendWith(LeakDetectionExtension.class)
class SessionEventsIT {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.session.SessionTable",
            "io.raftwire.node.store.FileRaftStore", "io.raftwire.node.engine.StalePreVoteWatchdog",
            // members stopped on purpose: their peers report them unreachable
            "io.raftwire.transport.netty.Lane");

    @TempDir
    Path data;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T join(CompletableFuture<T> f) throws Exception {
        return f.get(KvCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static <T> T read(RaftwireNode n, java.util.function.Function<KvStateMachine, T> reader) {
        return n.read(0, KvCluster.WAIT, sm -> reader.apply((KvStateMachine) sm)).join();
    }

    private static List<SessionEvents> eventsOf(RaftwireNode n, long session) {
        return read(n, sm -> sm.eventState().stream().filter(e -> e.session() == session).toList());
    }

    @ParameterizedTest
    @MethodSource("watcherProviders")
    @Timeout(120)
    void watchersGetEveryEventInOrderExactlyOnceAndOthersNoneUntilTheirSessionCloses(String serializer)
            throws Exception {
        try (KvCluster kv = KvCluster.start(3, serializer); KvClient writer = kv.client();
                KvClient watcher = kv.client(); KvClient bystander = kv.client()) {
            List<KvEvent> seen = new CopyOnWriteArrayList<>();
            List<KvEvent> bystanderSeen = new CopyOnWriteArrayList<>();
            watcher.onEvent(seen::add);
            bystander.onEvent(bystanderSeen::add);
            assertTrue(join(watcher.watch("w/", true)).success());
            assertTrue(join(bystander.watch("elsewhere", false)).success());
            List<KvEvent> expected = new ArrayList<>();
            for (int i = 0; i < 120; i++) {
                String key = "w/" + (i % 7);
                KvResult put = join(writer.put(key, bytes("v" + i)));
                expected.add(new KvEvent(key, bytes("v" + i), put.version(), false));
                join(writer.put("x/" + i, bytes("unwatched")));
            }
            KvResult current = join(writer.get("w/3"));
            KvResult cas = join(writer.compareAndSet("w/3", current.version(), bytes("cas")));
            expected.add(new KvEvent("w/3", bytes("cas"), cas.version(), false));
            assertTrue(join(writer.delete("w/4")).success());
            Await.until(KvCluster.WAIT, () -> seen.size() >= expected.size() + 1,
                    () -> seen.size() + " of " + (expected.size() + 1) + " events delivered");
            assertEquals(expected, seen.subList(0, expected.size()), "in order, each once");
            KvEvent deleted = seen.get(expected.size());
            assertEquals("w/4", deleted.key());
            assertTrue(deleted.deleted());
            assertTrue(deleted.version() > cas.version());
            assertEquals(List.of(), bystanderSeen, "a session that watches other keys gets nothing");
            long session = watcher.session().sessionId();
            Await.until(KvCluster.WAIT, () -> kv.cluster.running().stream().allMatch(n -> eventsOf(n, session)
                    .stream().allMatch(e -> e.pending().isEmpty() && e.acknowledgedIndex() == deleted.version())),
                    () -> "the watcher's acknowledgement reaches every member");
            Map<String, Long> digests = kv.digests();
            assertEquals(1, new HashSet<>(digests.values()).size(), "event state differs: " + digests);

            watcher.session().close();
            join(writer.put("w/after-close", bytes("z")));
            kv.digests(); // every member at one applied index, past the close (the put's ack needs a majority only)
            for (RaftwireNode n : kv.cluster.running()) {
                assertEquals(List.of(), eventsOf(n, session), "a closed session's events are gone on " + n.memberId());
                boolean noWatch = read(n, sm -> sm.watches().stream().noneMatch(w -> w.session() == session));
                assertTrue(noWatch, "a closed session's watches are gone on " + n.memberId());
            }
            assertEquals(expected.size() + 1, seen.size(), "nothing after the close");
        }
    }

    @ParameterizedTest
    @MethodSource("killedLeaderProviders")
    @Timeout(150)
    void aKilledLeaderLosesNoEventAndDeliversNoneTwice(String serializer) throws Exception {
        try (KvCluster kv = KvCluster.start(3, serializer); KvClient writer = kv.client();
                KvClient watcher = kv.client()) {
            List<Long> versions = new CopyOnWriteArrayList<>();
            watcher.onEvent(e -> versions.add(e.version()));
            join(watcher.watch("hot", false));
            int first = kv.awaitLeader();
            List<Long> written = new ArrayList<>();
            for (int i = 0; i < 80; i++) {
                if (i == 40) {
                    kv.cluster.stop(first);
                    int next = kv.awaitLeader();
                    System.out.println("SessionEventsIT " + serializer + ": leader " + LocalCluster.id(first)
                            + " stopped, " + LocalCluster.id(next) + " leads");
                }
                written.add(join(writer.put("hot", bytes("v" + i))).version());
            }
            Await.until(KvCluster.WAIT, () -> versions.size() >= written.size(),
                    () -> versions.size() + " of " + written.size() + " events delivered");
            assertEquals(written, versions, "every write's event, in order, none twice, across the leader change");
            System.out.println("SessionEventsIT " + serializer + ": " + watcher.session().duplicateEvents()
                    + " repeated batches dropped by the client");
            Map<String, Long> digests = kv.digests();
            assertEquals(1, new HashSet<>(digests.values()).size(), "event state differs: " + digests);
        }
    }

    /**
     * A raw client that keeps its session alive but never acknowledges an event: the cluster closes its session at the
     * bound, on every member, and says why in the log.
     */
    @Test
    @Timeout(150)
    void aSessionThatNeverAcknowledgesIsClosedAtTheBoundOnEveryMember() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo"); KvClient writer = kv.client()) {
            int leader = kv.awaitLeader();
            String to = LocalCluster.id(leader);
            Map<String, String> own = new java.util.HashMap<>(kv.base);
            own.put("raftwire.node.id", "deaf-client");
            own.put("raftwire.peers", to + "=" + kv.cluster.node(leader).clientAddress());
            TypeRegistry registry = KvNodes.registry();
            OperationCodec codec = new OperationCodec(Serializers.create("kryo", registry,
                    SerializerOptions.defaults()));
            ScheduledExecutorService keepAlive = Executors.newSingleThreadScheduledExecutor();
            AtomicLong pushed = new AtomicLong();
            try (var raw = NettyTransportFactory.create(RaftwireConfig.of(own), registry)) {
                raw.onMessage(PublishRequest.class, (from, p) -> pushed.incrementAndGet());
                raw.start();
                OpenSessionResponse impostor = join(raw.request(to, new OpenSessionRequest(new MemberId("someone"),
                        "kv", "kv", new byte[0], ReadConsistency.LINEARIZABLE, 5000, 5000),
                        OpenSessionResponse.class));
                assertEquals("session for member someone requested over the connection of deaf-client (expected: a"
                        + " client opens its session under its own connection's member id, where its events are"
                        + " pushed)", impostor.error().message(), "a session is opened only for its own connection");
                long session = join(raw.request(to, new OpenSessionRequest(new MemberId("deaf-client"), "kv", "kv",
                        new byte[0], ReadConsistency.LINEARIZABLE, 5000, 5000), OpenSessionResponse.class)).session();
                CommandResponse watched = join(raw.request(to, new CommandRequest(session, 1,
                        codec.command(new KvWatch("hot", false))), CommandResponse.class));
                assertTrue(codec.decodeResult(watched.result(), KvResult.class).success());
                keepAlive.scheduleAtFixedRate(() -> raw.request(to, new KeepAliveRequest(new long[] {session},
                        new long[] {1}, new long[] {0}), KeepAliveResponse.class), 0, 500, TimeUnit.MILLISECONDS);
                int writes = SessionTable.MAX_UNACKNOWLEDGED_EVENT_BATCHES + 1;
                for (int from = 0; from < writes; from += 128) {
                    List<CompletableFuture<KvResult>> window = new ArrayList<>();
                    for (int i = from; i < Math.min(writes, from + 128); i++) {
                        window.add(writer.put("hot", bytes("v" + i)));
                    }
                    join(CompletableFuture.allOf(window.toArray(new CompletableFuture<?>[0])));
                }
                String warning = logs.await("closed session " + session + " of client deaf-client");
                assertTrue(warning.contains("it holds 1024 unacknowledged event batches"), warning);
                assertTrue(warning.contains("(expected: at most 1024 batches and 524288 bytes; a client acknowledges"
                        + " events with its keep-alives)"), warning);
                Await.until(KvCluster.WAIT, () -> kv.cluster.running().stream()
                        .noneMatch(n -> read(n, sm -> sm.isSessionOpen(session))), () -> "session " + session
                        + " still open somewhere");
                assertTrue(pushed.get() > 0, "the leader pushed batches over the raw client's own connection");
                Map<String, Long> digests = kv.digests();
                assertEquals(1, new HashSet<>(digests.values()).size(), "state differs: " + digests);
            } finally {
                keepAlive.shutdownNow();
            }
        }
    }

    /**
     * A client whose listener stops returning stops acknowledging: the cluster closes its session at the bound, and
     * the client reports the closure to the listener once it returns.
     */
    @Test
    @Timeout(150)
    void aClientThatStopsAcknowledgingHearsThatItsSessionWasClosed() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo"); KvClient writer = kv.client();
                // a session timeout far above any commit stall: the session must end at the event bound, not expire
                KvClient stuck = kv.client(ReadConsistency.LINEARIZABLE, Duration.ofSeconds(10))) {
            CountDownLatch release = new CountDownLatch(1);
            CompletableFuture<String> closed = new CompletableFuture<>();
            stuck.session().eventListener(new SessionEventListener() {
                @Override
                public void onEvents(long session, long eventIndex, List<PrimitiveEvent> events) {
                    try {
                        release.await(KvCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }

                @Override
                public void onSessionClosed(long session, String reason) {
                    closed.complete(reason);
                }
            });
            long session = stuck.session().sessionId();
            join(stuck.watch("hot", false));
            int writes = SessionTable.MAX_UNACKNOWLEDGED_EVENT_BATCHES + 1;
            for (int from = 0; from < writes; from += 128) {
                List<CompletableFuture<KvResult>> window = new ArrayList<>();
                for (int i = from; i < Math.min(writes, from + 128); i++) {
                    window.add(writer.put("hot", bytes("v" + i)));
                }
                join(CompletableFuture.allOf(window.toArray(new CompletableFuture<?>[0])));
            }
            logs.await("closed session " + session + " of client " + stuck.session().clientId());
            release.countDown();
            assertEquals("session " + session + " is not open on the cluster any more (expected: an open session; it"
                    + " expired, was closed, or was closed by the cluster for leaving more than 1024 event batches or"
                    + " 524288 bytes of events unacknowledged)", join(closed));
        }
    }

    @Test
    @Timeout(150)
    void aFollowerThatCatchesUpThroughASnapshotHoldsTheSameEventState() throws Exception {
        Map<String, String> base = KvCluster.base("kryo");
        base.put("raftwire.raft.snapshot-interval", "40"); // the 130 writes below: at least three snapshots
        try (KvCluster kv = KvCluster.start(3, 3, base, data); KvClient writer = kv.client();
                KvClient watcher = kv.client()) {
            List<KvEvent> seen = new CopyOnWriteArrayList<>();
            watcher.onEvent(seen::add);
            join(watcher.watch("k", true));
            int leader = kv.awaitLeader();
            int follower = (leader + 1) % 3;
            kv.cluster.stop(follower);
            for (int i = 0; i < 130; i++) {
                join(writer.put("k" + (i % 20), bytes("v" + i)));
            }
            RaftwireNode back = kv.cluster.restart(follower);
            Await.until(KvCluster.WAIT, () -> seen.size() == 130, () -> seen.size() + " of 130 events delivered");
            Map<String, Long> digests = kv.digests();
            assertEquals(3, digests.size());
            assertEquals(1, new HashSet<>(digests.values()).size(), "event state differs: " + digests);
            int installed = join(back.raftNode().getReport()).getResult().getLog().getInstallSnapshotCount();
            assertTrue(installed >= 1, "the restarted follower caught up without installing a snapshot");
            long session = watcher.session().sessionId();
            List<SessionEvents> restored = eventsOf(back, session);
            assertEquals(1, restored.size(), "the restarted member holds the watcher's event state");
            assertTrue(restored.get(0).eventIndex() >= seen.get(seen.size() - 1).version());
            assertArrayEquals(bytes("v129"), seen.get(seen.size() - 1).value());
        }
    }

    /** One provider in the default test command, all three in the long profile. */
    static List<String> watcherProviders() {
        return ItProviders.of("kryo", "kryo", "protostuff", "jdk");
    }

    /** One provider in the default test command (another than the watchers test's), all three in the long profile. */
    static List<String> killedLeaderProviders() {
        return ItProviders.of("jdk", "kryo", "protostuff", "jdk");
    }
}
