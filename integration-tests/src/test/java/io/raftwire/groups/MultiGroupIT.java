package io.raftwire.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireMember;
import io.raftwire.node.StateCheck;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.group.SessionIds;
import io.raftwire.node.kv.KvEvent;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three members that each host eight groups, over real sockets: every group elects a leader, commands reach every
 * group through one client connection per member, a member that led a group is stopped and another takes over, the
 * member restarted from its data directory rejoins every group with the same state, and one group is snapshotted and
 * stopped without touching the others.
 */
class MultiGroupIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final int GROUPS = 8;

    @TempDir
    Path data;

    /** The members and the client warn while they cannot reach the stopped member. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane");

    @Test
    @Timeout(120)
    void threeMembersOfEightGroupsServeEveryGroupSurviveALeaderAndRejoinFromTheirDirectories() throws Exception {
        try (MemberCluster cluster = MemberCluster.start(3, MemberCluster.base(GROUPS), data);
                OneConnectionClient client = new OneConnectionClient(cluster.config(0), cluster.clientAddresses(),
                        GROUPS)) {
            int[] leaders = cluster.awaitLeaders(WAIT);
            for (int g = 0; g < GROUPS; g++) {
                long session = client.open(g, WAIT);
                assertEquals(g, SessionIds.group(session), "session " + session + " carries its group");
                for (int i = 0; i < 5; i++) {
                    client.put(g, "k" + i, "g" + g + "-v" + i, WAIT);
                }
            }
            assertEquals(3, client.connectionsEstablished(), "one connection per member for all eight groups");
            for (int g = 0; g < GROUPS; g++) {
                assertTrue(Files.isDirectory(g == 0 ? data.resolve("m-1") : data.resolve("m-1").resolve("group-" + g)),
                        "group " + g + " has its own directory");
            }

            int stopped = leaders[0];
            cluster.stop(stopped);
            int[] after = cluster.awaitLeaders(WAIT);
            for (int g = 0; g < GROUPS; g++) {
                assertTrue(after[g] != stopped, "group " + g + " is led by a running member");
                client.put(g, "after", "stop", WAIT);
            }

            RaftwireMember back = cluster.restart(stopped);
            cluster.awaitLeaders(WAIT);
            for (int g = 0; g < GROUPS; g++) {
                client.put(g, "back", "again", WAIT);
                Map<String, StateCheck.MemberState> states = StateCheck.groupAtOneIndex(cluster.running(), g, WAIT);
                assertEquals(3, states.size());
                assertEquals(1, states.values().stream().map(StateCheck.MemberState::digest).distinct().count(),
                        "group " + g + "'s state machines at one index: " + states);
                assertTrue(back.group(g).raftNode().getReport().join().getResult().getLog().getCommitIndex() > 0,
                        "restarted member rejoined group " + g);
            }
            String unreachable = "cannot connect to " + MemberCluster.id(stopped) + " at ";
            assertTrue(logs.lines().stream().allMatch(l -> l.contains(unreachable)),
                    "only the stopped member was unreachable: " + logs.lines());
        }
    }

    /**
     * The client library addressing one group ({@code RaftwireClient.Builder.group}): it finds that group's leader,
     * opens its session there, keeps it alive and receives its session events, whose session id carries the group.
     */
    @Test
    @Timeout(120)
    void aClientOfOneGroupGetsThatGroupsLeaderAndEvents() throws Exception {
        try (MemberCluster cluster = MemberCluster.start(3, MemberCluster.base(4), null)) {
            cluster.awaitLeaders(WAIT);
            try (KvClient watcher = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                    cluster.clientAddresses()).group("it-groups-3").operationTimeout(WAIT));
                    KvClient other = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                            cluster.clientAddresses()).group("it-groups-1").operationTimeout(WAIT))) {
                watcher.session().connect();
                other.session().connect();
                assertEquals(3, SessionIds.group(watcher.session().sessionId()));
                assertEquals(1, SessionIds.group(other.session().sessionId()));
                BlockingQueue<KvEvent> events = new LinkedBlockingQueue<>();
                watcher.onEvent(events::add);
                assertTrue(Await.value(watcher.watch("k", false), WAIT).success());
                other.put("k", "elsewhere".getBytes(StandardCharsets.UTF_8)).get(30, TimeUnit.SECONDS);
                assertTrue(Await.value(watcher.put("k", "here".getBytes(StandardCharsets.UTF_8)), WAIT).success());
                KvEvent event = events.poll(30, TimeUnit.SECONDS);
                assertTrue(event != null, "the watch of group it-groups-3 saw its put");
                assertEquals("here", new String(event.value(), StandardCharsets.UTF_8),
                        "the put in group it-groups-1 is another group's key");
                int leader = -1;
                for (int i = 0; i < 3; i++) {
                    if (cluster.member(i).group(3).isLeader()) {
                        leader = i;
                    }
                }
                assertEquals(MemberCluster.id(leader), watcher.session().leader(), "the client found group 3's leader");
            }
        }
    }

    @Test
    @Timeout(120)
    void aGroupIsSnapshottedAndStoppedWithoutTouchingTheOthers() throws Exception {
        try (MemberCluster cluster = MemberCluster.start(3, MemberCluster.base(GROUPS), data);
                OneConnectionClient client = new OneConnectionClient(cluster.config(0), cluster.clientAddresses(),
                        GROUPS)) {
            cluster.awaitLeaders(WAIT);
            for (int g = 0; g < GROUPS; g++) {
                client.open(g, WAIT);
                client.put(g, "k", "v", WAIT);
            }
            RaftwireMember m = cluster.member(1);
            Long index = Await.value(m.group(3).takeSnapshot(), WAIT);
            assertTrue(index != null && index > 0, "group 3 took a snapshot at its commit index: " + index);
            assertEquals(index, m.group(3).raftNode().getReport().join().getResult().getLog().getLastSnapshotIndex());
            for (int g = 0; g < GROUPS; g++) {
                if (g != 3) {
                    assertEquals(0, m.group(g).raftNode().getReport().join().getResult().getLog()
                            .getLastSnapshotIndex(),
                            "group " + g + " took no snapshot");
                }
            }

            m.stopGroup(5);
            assertTrue(m.group(5).isClosed());
            Set<Integer> served = new HashSet<>();
            for (int g = 0; g < GROUPS; g++) {
                client.put(g, "k2", "v2", WAIT); // group 5 still has a majority on the two other members
                served.add(g);
            }
            assertEquals(GROUPS, served.size());
            m.restartGroup(5);
            Await.until(WAIT, () -> m.group(5).raftNode().getTerm().getLeaderEndpoint() != null,
                    () -> "restarted group 5 on " + m.memberId() + " knows a leader");
        }
    }
}
