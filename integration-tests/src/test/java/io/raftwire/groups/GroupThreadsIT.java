package io.raftwire.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireMember;
import io.raftwire.node.client.ShardedKvClient;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member's threads do not grow with its groups: a durable member of 8 groups and one of 64, both with two Raft
 * threads, run the same threads (its transports' I/O threads, the two Raft threads, one sync thread: its groups
 * share one log), and the retired {@code raftwire.node.sync-threads} changes nothing but a warning. Every thread of the JVM that a member's start left
 * running is counted, whatever its name, so a thread per group under any name would show; a one-group member started
 * first starts the JVM's lazily created threads, so that neither measured member is charged for them.
 * A sharded client's threads do not grow with its shards either: a client of 16 shards runs the threads of a client
 * of one.
 */
class GroupThreadsIT {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String PREPARE = "raftwire-store-prepare";
    private static final String COMMON_POOL = "ForkJoinPool.commonPool-worker";
    /** A store's or shared log's sync thread, whose name goes on with its directory. */
    private static final String SYNC = "raftwire-store-sync";

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", RaftwireMember.class.getName());

    @TempDir
    Path data;

    @Test
    @Timeout(120)
    void aMemberOf64GroupsRunsTheThreadsOfAMemberOf8() {
        threadsOf("solo-warm", 1, 1);
        Map<String, Integer> eight = threadsOf("solo-a", 8, 1);
        Map<String, Integer> sixtyFour = threadsOf("solo-b", 64, 1);
        assertTrue(eight.getOrDefault(PREPARE, 0) <= 1 && sixtyFour.getOrDefault(PREPARE, 0) <= 1,
                "one thread zero-fills the next segments of every store: " + eight + ", " + sixtyFour);
        for (String byChance : new String[] {PREPARE, COMMON_POOL}) { // bounded pools whose threads come and go
            eight.remove(byChance);
            sixtyFour.remove(byChance);
        }
        assertEquals(eight, sixtyFour, "threads a member's start left running, by name with its id and numbers"
                + " taken out");
        assertEquals(2, eight.get("raftwire-raft"), "the configured Raft threads: " + eight);
        assertEquals(1, eight.get(SYNC), "one sync thread for every group's store (the shared log's): " + eight);
    }

    @Test
    @Timeout(120)
    void theRetiredSyncThreadsKeyLeavesOneSyncThreadAndSaysItHasNoEffect() {
        assertEquals(1, threadsOf("solo-c", 8, 3).get(SYNC), "raftwire.node.sync-threads = 3: still the shared log's"
                + " one sync thread");
        logs.await("raftwire.node.sync-threads = 3 has no effect: the groups of a member share one log, forced by one"
                + " sync thread (expected: the key left out)");
    }

    @Test
    @Timeout(120)
    void aShardedClientOf16ShardsRunsTheThreadsOfAClientOf1() {
        Map<String, Integer> one = clientThreadsOf("shards-one", 1);
        Map<String, Integer> sixteen = clientThreadsOf("shards-sixteen", 16);
        assertEquals(one, sixteen, "threads of a sharded client, by name with its id taken out");
        assertEquals(1, sixteen.get("raftwire-client"), "one timer thread for every shard: " + sixteen);
        assertEquals(1, sixteen.get("raftwire-client-events"), "one event thread for every shard: " + sixteen);
    }

    /**
     * The live threads of a sharded client of {@code shards} shards (on a member of as many groups) once every shard
     * delivered an event, counted by name with the client id and numbers removed.
     */
    private Map<String, Integer> clientThreadsOf(String clientId, int shards) {
        try (MemberCluster cluster = MemberCluster.start(1, MemberCluster.base(shards), null)) {
            cluster.awaitLeaders(WAIT);
            List<String> heard = Collections.synchronizedList(new ArrayList<>());
            try (ShardedKvClient kv = ShardedKvClient.connect(cluster.config(0), cluster.clientAddresses(),
                    b -> b.clientId(clientId).operationTimeout(WAIT))) {
                kv.onEvent(e -> heard.add(e.key()), reason -> { });
                kv.watch("key-", true).join();
                Set<Integer> written = new TreeSet<>();
                for (int i = 0; written.size() < shards; i++) {
                    if (written.add(kv.shardOf("key-" + i))) {
                        kv.put("key-" + i, new byte[] {1}).join();
                    }
                }
                Await.until(WAIT, () -> heard.size() == shards, () -> "an event from each of the " + shards
                        + " shards (heard " + heard + ")");
                return named(clientId);
            }
        }
    }

    /** The member's live threads once every group elected, counted by name with the member id and numbers removed. */
    private Map<String, Integer> threadsOf(String id, int groups, int syncThreads) {
        Map<String, String> v = MemberCluster.base(groups);
        v.put("raftwire.node.sync-threads", String.valueOf(syncThreads));
        v.put("raftwire.node.id", id);
        v.put("raftwire.raft.initial-members", id);
        v.put("raftwire.node.raft-threads", "2");
        v.put("raftwire.node.data-dir", data.resolve(id).toString());
        Set<Thread> before = new HashSet<>(Thread.getAllStackTraces().keySet());
        try (RaftwireMember m = KvNodes.member(RaftwireConfig.of(v)).start()) {
            for (int g = 0; g < groups; g++) {
                int group = g;
                Await.until(WAIT, () -> m.group(group).isLeader(), () -> "the only member leads group " + group);
                // a log append in every group, so that the stores hand their forces to the sync thread
                Await.value(m.group(g).raftNode().replicate(new KeepAliveEntry(m.group(g).raftNode().getTerm()
                        .getTerm(), System.currentTimeMillis(), new long[0], new long[0], new long[0])), WAIT);
            }
            return count(id, before);
        }
    }

    private static Map<String, Integer> count(String id, Set<Thread> before) {
        Map<String, Integer> byName = new TreeMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && !before.contains(t)) {
                String name = t.getName().startsWith(SYNC + " ") ? SYNC : t.getName();
                byName.merge(name.replace(id, "").replaceAll("[0-9-]+$", "").trim(), 1, Integer::sum);
            }
        }
        return byName;
    }

    /** The live threads whose name holds {@code id}, by name with the id and numbers removed. */
    private static Map<String, Integer> named(String id) {
        Map<String, Integer> byName = new TreeMap<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.isAlive() && t.getName().contains(id)) {
                String name = t.getName().startsWith(SYNC + " ") ? SYNC : t.getName();
                byName.merge(name.replace(id, "").replaceAll("[0-9-]+$", "").trim(), 1, Integer::sum);
            }
        }
        return byName;
    }
}
