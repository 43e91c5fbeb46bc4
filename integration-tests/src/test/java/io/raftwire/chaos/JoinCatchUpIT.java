package io.raftwire.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.value.RaftMember;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.model.EngineType;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.fault.FaultPlan;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a member that joins with an empty log costs under MicroRaft 0.7, the reason the chaos suite's {@code membership}
 * scenario adds a member as a learner, waits until it has caught up, and only then promotes it (the procedure MicroRaft's
 * own documentation recommends). The leader does not know where a new follower's log ends: it starts at its own last
 * index and, for every {@code AppendEntriesFailureResponse}, moves one entry back (the response names the index the
 * leader tried, not the follower's last one), so it needs one round trip per log entry (since its snapshot) before any
 * entry flows. Under 10 % frame drops each lost frame of that walk costs the engine's 1–2 s back-off, and every leader
 * change starts it again from the new leader's last index. While a membership change is pending the engine commits
 * only with a full majority of the new configuration, so a voter added with an empty log stops the group's commits
 * until it has caught up: the chaos suite's first {@code membership} runs (seed 56644780392743958) ended with commits
 * stuck for minutes while uncommitted client entries piled up in every new leader's log, making the walk longer still.
 * A learner is outside every quorum, so its catch-up costs time but never the group's progress.
 *
 * <p>This test shows the walk without faults (no snapshot, so the whole log is walked): if a MicroRaft upgrade makes the
 * leader jump to the follower's last index, it fails, and the membership procedure can be revisited.
 */
class JoinCatchUpIT {

    private static final int ENTRIES = 150;

    @RegisterExtension
    final LogCapture logs = ChaosLogs.capture();

    @Test
    @Timeout(120)
    void aLearnerJoiningWithAnEmptyLogIsCaughtUpOneRoundTripPerLogEntry() throws Exception {
        ChaosCluster.Spec spec = ChaosRun.spec(4, "kryo");
        spec.initial = 3;
        spec.extra.put("raftwire.raft.snapshot-interval", "1000000"); // no snapshot: the whole log is walked
        try (ChaosCluster c = ChaosCluster.start(spec, FaultPlan.seeded(1));
                KvClient client = c.client("w", Duration.ofSeconds(20), "kryo")) {
            for (int i = 0; i < ENTRIES; i++) {
                client.put("k" + (i % 10), ("v" + i).getBytes(StandardCharsets.UTF_8)).get(30, TimeUnit.SECONDS);
            }
            var joined = client.session().join(c.id(3), RaftMember.Type.PASSIVE).get(30, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.OK, joined.status(), () -> "the learner's join: " + joined.error());
            long last = c.cluster.node(c.awaitLeader()).raftNode().getReport().get(30, TimeUnit.SECONDS).getResult()
                    .getLog().getLastLogOrSnapshotIndex();

            RaftwireNode learner = c.cluster.restart(3);
            learner.read(last, ChaosCluster.WAIT, sm -> null).get(ChaosCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS);

            MessageStats failures = learner.transportStats()
                    .message(EngineType.APPEND_ENTRIES_FAILURE_RESPONSE.id());
            long walked = failures == null ? 0 : failures.sent();
            System.out.println("join catch-up: a learner joining with an empty log sent " + walked
                    + " AppendEntries failure responses before catching up with a log of " + last + " entries");
            assertTrue(walked >= ENTRIES, () -> "the learner sent " + walked + " AppendEntries failure responses for a "
                    + "log of " + last + " entries (expected: at least " + ENTRIES + ", one per entry, as MicroRaft 0.7"
                    + " walks a new follower's log back one entry per round trip; fewer means the engine now finds"
                    + " the end of the follower's log faster: revisit the learner-first procedure in Scenario"
                    + " .MEMBERSHIP and RELIABILITY.md)");
        }
    }
}
