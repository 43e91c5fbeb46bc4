package io.raftwire.upgrade;

import io.raftwire.linearizability.CheckResult;
import io.raftwire.linearizability.LinearizabilityChecker;
import io.raftwire.linearizability.Operation;
import io.raftwire.testkit.Seeds;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 26's proof on durable members over real sockets: a rolling upgrade of an application whose command type
 * gains a component and whose build 2 has a new command, while a client workload runs throughout and every operation
 * is checked for linearizability, no acknowledged write lost, no client-visible error (the clients retry on their
 * own), and the members' states equal at one applied index at the end.
 *
 * <p>The default test command runs one short variant (kryo, 3 members); {@code -Plong} runs 3 members on every other
 * provider, 5 on every provider, and a serializer switch (kryo to fory) whose second round is also the type upgrade.
 */
class UpgradeIT {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.store.FileRaftStore",
            "io.raftwire.node.engine.StalePreVoteWatchdog",
            // members stopped on purpose: their peers report them unreachable
            "io.raftwire.transport.netty.Lane");

    @TempDir
    Path temp;

    @Test
    @Timeout(240)
    void threeKryoMembersAreUpgradedOneAtATimeWhileClientsRun() throws Exception {
        rollingUpgrade(3, "kryo");
    }

    @Tag("long")
    @ParameterizedTest
    @ValueSource(strings = {"fory", "jdk", "protostuff"})
    @Timeout(240)
    void threeMembersOnEveryOtherProviderAreUpgradedOneAtATime(String provider) throws Exception {
        rollingUpgrade(3, provider);
    }

    @Tag("long")
    @ParameterizedTest
    @ValueSource(strings = {"kryo", "fory", "jdk", "protostuff"})
    @Timeout(360)
    void fiveMembersOnEveryProviderAreUpgradedOneAtATime(String provider) throws Exception {
        rollingUpgrade(5, provider);
    }

    /**
     * Every member on build 1 (feature level 1 recorded at once); members replaced by build 2 one at a time on their
     * own directories, the last one left on build 1 for a while (the level stays 1); level 2 raised by itself once
     * every member runs build 2, and every member's application told; a build 2 client then uses what build 2 added;
     * one member restarted from a copy of its pre-upgrade directory; a downgrade refused with the directory unchanged.
     */
    private void rollingUpgrade(int size, String serializer) throws Exception {
        long seed = Seeds.seed("UpgradeIT.rollingUpgrade." + size + "." + serializer);
        Path data = temp.resolve("data");
        try (UpgradeCluster cluster = UpgradeCluster.start(size, UpgradeCluster.base(serializer), data, 1);
             NotesWorkload workload = new NotesWorkload(cluster, seed)) {
            cluster.awaitLevel(1);
            workload.startWriter(1, NotesWorkload.Kind.PUT);
            workload.startWriter(1, NotesWorkload.Kind.PUT);
            workload.startReader(1);
            progress(workload, 30, "on build 1");

            Path preUpgrade = temp.resolve("pre-upgrade-node-1");
            cluster.stop(0);
            cluster.copyDirectory(0, preUpgrade);
            cluster.build(0, 2);
            cluster.restart(0);
            progress(workload, 20, "with node-1 on build 2");
            for (int i = 1; i < size - 1; i++) {
                cluster.replace(i, 2);
                progress(workload, 20, "with node-" + (i + 1) + " on build 2");
            }
            progress(workload, 60, "with only node-" + size + " left on build 1");
            // a member that restarted a moment ago applies level 1 again as its log replays; none may reach level 2
            cluster.awaitLevel(1);
            assertEquals(Set.of(1), Set.copyOf(cluster.levels().values()), "a member on build 1 holds the level at 1");
            cluster.replace(size - 1, 2);
            cluster.awaitLevel(2);
            for (int i = 0; i < size; i++) {
                // told each level as its member applies it: level 1 again as a restarted member replays its log
                // (unless a snapshot taken at level 2 stands in for that part), then level 2
                List<Integer> told = cluster.levelsTold(i);
                assertTrue(told.equals(List.of(1, 2)) || told.equals(List.of(2)),
                        "the levels node-" + (i + 1) + "'s application was told: " + told);
            }
            progress(workload, 20, "at level 2");

            workload.startWriter(2, NotesWorkload.Kind.TAGGED_PUT_AND_APPEND);
            workload.startReader(2);
            appends(workload, 10, "by a build 2 client at level 2");

            // An older directory rolls the member's Raft state back (log, term, vote), which Raft does not expect of
            // a member: safe here because the others hold every committed entry and it catches up before another
            // member stops. A new leader is chosen while it is down, since a leader that saw it acknowledge entries
            // it no longer has would retry them forever (MicroRaft 0.7 never moves a follower's next index below
            // what it acknowledged); writes wait meanwhile, since MicroRaft hands over only a log that stands still.
            cluster.stop(0);
            cluster.restoreDirectory(0, preUpgrade);
            workload.pauseWrites();
            cluster.handOverLeadership(0);
            workload.resumeWrites();
            cluster.restart(0);
            appends(workload, 10, "with node-1 restarted from its pre-upgrade directory");
            cluster.notesAtOneIndex();

            int other = 1;
            cluster.stop(other);
            Path dir = cluster.directory(other);
            SortedMap<String, String> before = UpgradeCluster.contents(dir);
            cluster.build(other, 1);
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> cluster.restart(other));
            assertTrue(refused.getMessage().startsWith("data directory " + dir + " (raftwire.node.data-dir) records"),
                    refused.getMessage());
            assertTrue(refused.getMessage().contains("this build has the types of feature level 1 (schema "),
                    refused.getMessage());
            assertTrue(refused.getMessage().contains("below the cluster's level 2 (expected: the types of level 2 or"
                    + " a later build; a downgrade below the cluster's level is refused); nothing in it was changed"),
                    refused.getMessage());
            assertEquals(before, UpgradeCluster.contents(dir), "the refused directory's files and bytes");
            cluster.build(other, 2);
            cluster.restart(other);
            appends(workload, 10, "after the refused downgrade");

            workload.stopWorkers();
            checkEnd(cluster, workload, 2);
        }
    }

    /**
     * Today's serializer switch (every member accepts the second serializer, then every member sends it) with the
     * type upgrade in its second round: each member restarts once with both the new serializer and build 2.
     */
    @Tag("long")
    @Test
    @Timeout(300)
    void aSerializerSwitchAndATypeUpgradeInOneRollingRestart() throws Exception {
        long seed = Seeds.seed("UpgradeIT.switch");
        try (UpgradeCluster cluster = UpgradeCluster.start(3, UpgradeCluster.base("kryo"), temp.resolve("data"), 1);
             NotesWorkload workload = new NotesWorkload(cluster, seed)) {
            cluster.awaitLevel(1);
            workload.startWriter(1, NotesWorkload.Kind.PUT);
            workload.startReader(1);
            progress(workload, 30, "on kryo and build 1");
            for (int i = 0; i < 3; i++) {
                cluster.stop(i);
                cluster.cluster.reconfigure(i, Map.of("raftwire.serializer", "kryo",
                        "raftwire.serializer.accept", "fory"));
                cluster.restart(i);
                progress(workload, 20, "with node-" + (i + 1) + " accepting fory");
            }
            for (int i = 0; i < 3; i++) {
                cluster.stop(i);
                cluster.cluster.reconfigure(i, Map.of("raftwire.serializer", "fory",
                        "raftwire.serializer.accept", "kryo"));
                cluster.build(i, 2);
                cluster.restart(i);
                progress(workload, 20, "with node-" + (i + 1) + " on fory and build 2");
            }
            cluster.awaitLevel(2);
            workload.startWriter(2, NotesWorkload.Kind.TAGGED_PUT_AND_APPEND);
            appends(workload, 10, "by a build 2 client on fory");
            workload.stopWorkers();
            checkEnd(cluster, workload, 2);
        }
    }

    private static void appends(NotesWorkload workload, int appends, String phase) {
        long target = workload.appends() + appends;
        Await.until(UpgradeCluster.WAIT.multipliedBy(2), () -> workload.appends() >= target
                || !workload.errors().isEmpty(), () -> "the appends stalled " + phase + " at " + workload.appends());
        assertEquals(List.of(), workload.errors(), "client-visible errors " + phase);
    }

    private static void progress(NotesWorkload workload, int operations, String phase) {
        long target = workload.acknowledged() + operations;
        Await.until(UpgradeCluster.WAIT.multipliedBy(2), () -> workload.acknowledged() >= target
                || !workload.errors().isEmpty(), () -> "the workload stalled " + phase + " at "
                + workload.acknowledged() + " operations");
        assertEquals(List.of(), workload.errors(), "client-visible errors " + phase);
    }

    /**
     * The end of a run: no client-visible error, every key's final read is its last acknowledged write (and tag), the
     * whole history (final reads included) linearizable, and every member's notes equal to those reads at one
     * applied index.
     */
    private static void checkEnd(UpgradeCluster cluster, NotesWorkload workload, int build) throws Exception {
        assertEquals(List.of(), workload.errors(), "client-visible errors");
        Map<String, UpgradeApp.Reply> reads = workload.finalReads(build);
        assertEquals(List.of(), workload.errors(), "client-visible errors of the final reads");
        Map<String, String> lastTags = workload.lastTags();
        List<String> lost = new ArrayList<>();
        workload.lastAcknowledged().forEach((key, value) -> {
            UpgradeApp.Reply r = reads.get(key);
            if (r == null || !value.equals(r.value()) || lastTags.containsKey(key)
                    && !lastTags.get(key).equals(r.tag())) {
                lost.add(key + ": last acknowledged " + value + " tag " + lastTags.get(key) + ", read " + r);
            }
        });
        assertEquals(List.of(), lost, "acknowledged writes lost");
        assertTrue(workload.lastAcknowledged().size() >= 8, "keys written: " + workload.lastAcknowledged());

        List<Operation> history = workload.history();
        CheckResult result = new LinearizabilityChecker().check(history);
        assertTrue(result.isLinearizable(), () -> "history of " + history.size() + " operations: " + result.report());

        Map<String, UpgradeCluster.MemberNotes> states = cluster.notesAtOneIndex();
        assertEquals(cluster.size(), states.size(), "members reporting: " + states.keySet());
        SortedMap<String, String> expected = new TreeMap<>();
        reads.forEach((k, r) -> expected.put(k, r.value()));
        for (Map.Entry<String, UpgradeCluster.MemberNotes> e : states.entrySet()) {
            SortedMap<String, String> values = new TreeMap<>();
            e.getValue().notes().forEach((k, r) -> values.put(k, r.value()));
            assertEquals(expected, values, e.getKey() + "'s notes at index " + e.getValue().appliedIndex());
        }
        assertEquals(1, new HashSet<>(states.values().stream().map(UpgradeCluster.MemberNotes::notes).toList())
                .size(), "members' notes differ: " + states);
    }
}
