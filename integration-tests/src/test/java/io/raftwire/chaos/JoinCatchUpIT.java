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
 * How fast a member that joins with an empty log is caught up. The MicroRaft 0.7 leader does not know where a new
 * follower's log ends: it starts at its own last index and, for every {@code AppendEntriesFailureResponse}, moves one
 * entry back (the response names the index the leader tried, not the follower's last one), one round trip per log
 * entry since its snapshot; this test measured 153 failure responses for a 153-entry log. Under 10 % frame drops each
 * lost frame of that walk costs the engine's 1–2 s back-off, and every leader change starts it again, which is how the
 * chaos suite's first {@code membership} runs (seed 56644780392743958) ended with commits stuck for minutes, and how a
 * restarted member of a {@code switch} run (seed 6578959968449442260) did not catch up within 30 s.
 *
 * <p>raftwire's node doubles the leader's step on consecutive failures ({@code FollowerLogEndSearch} in raft-node), so
 * the walk takes a number of round trips logarithmic in the log's length. This test shows it without faults and without
 * a snapshot (the whole log is walked). The {@code membership} scenario still adds a member as a learner first and
 * promotes it once caught up (MicroRaft's recommended procedure): while a membership change is pending the engine
 * commits only with a full majority of the new configuration, so a voter added with an empty log would still stop the
 * group's commits for the length of its catch-up.
 */
class JoinCatchUpIT {

    private static final int ENTRIES = 150;

    @RegisterExtension
    final LogCapture logs = ChaosLogs.capture();

    @Test
    @Timeout(120)
    void aLearnerJoiningWithAnEmptyLogIsCaughtUpInLogarithmicallyManyRoundTrips() throws Exception {
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
            long bound = 2L * (64 - Long.numberOfLeadingZeros(last)) + 4;
            assertTrue(walked <= bound, () -> "the learner sent " + walked + " AppendEntries failure responses for a "
                    + "log of " + last + " entries (expected: at most " + bound + ", about two per doubling of the"
                    + " leader's step; one per entry means the leader walks the follower's log back one entry per round"
                    + " trip again: see FollowerLogEndSearch)");
        }
    }
}
