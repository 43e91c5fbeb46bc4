package io.raftwire.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.microraft.report.RaftNodeReport;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.netty.testkit.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code raftwire status} and {@code raftwire admin} against a 3-member plaintext cluster whose members set
 * {@code raftwire.security.plaintext-admin}: a follower's and the leader's status agree with the members' engines
 * (leader, term, commit index, each follower's lag), a snapshot taken with {@code admin snapshot} shows in the next
 * status, and {@code admin transfer-leadership} moves the leader. The mTLS side (a client certificate may read status
 * but not take a snapshot) is in {@link SecureClusterIT}.
 */
class StatusAndAdminIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    /** The program's settings: plaintext and the cluster id, as an operator's file would give them. */
    @TempDir
    static Path dir;

    private static Path config;

    @Test
    @Timeout(120)
    void statusShowsWhatTheMembersKnowAndAdminCommandsChangeIt() throws Exception {
        Map<String, String> base = Map.of("raftwire.tls.enabled", "false", "raftwire.cluster.id", "it-status",
                "raftwire.security.plaintext-admin", "true", "raftwire.raft.election-timeout-ms", "300",
                "raftwire.raft.heartbeat-period-secs", "1", "raftwire.raft.heartbeat-timeout-secs", "2");
        config = Files.writeString(dir.resolve("cli.properties"),
                "raftwire.tls.enabled=false\nraftwire.cluster.id=it-status\n");
        try (LocalCluster cluster = LocalCluster.start(3, base, null, KvNodes::node)) {
            int leader = cluster.awaitLeader(WAIT);
            // the leader records feature level 1 by itself once every member announces its types: wait for that
            // entry, so that the indexes below hold only it and the writes
            Await.until(WAIT, () -> IntStream.range(0, 3).allMatch(
                    i -> cluster.node(i).group().levels().get().currentLevel() == 1),
                    () -> "feature level 1 recorded on every member");
            try (KvClient client = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                    cluster.clientAddresses()).operationTimeout(WAIT))) {
                client.session().connect();
                for (int i = 0; i < 20; i++) {
                    assertTrue(client.put("k" + i, ("v" + i).getBytes(StandardCharsets.UTF_8))
                            .get(30, TimeUnit.SECONDS).success());
                }
            } // closed: no keep-alives append to the log from here on, so every member's indexes settle
            long last = awaitSettled(cluster);
            int follower = (leader + 1) % 3;
            String followerId = LocalCluster.id(follower);
            String leaderId = LocalCluster.id(leader);
            RaftNodeReport leaderReport = report(cluster.node(leader));

            String[] json = cli("status", "--member", address(cluster, follower), "--members", members(cluster),
                    "--json");
            assertEquals(String.valueOf(ExitCodes.OK), json[0], json[2]);
            JsonNode s = JSON.readTree(json[1]);
            assertEquals(followerId, s.get("member").asText());
            assertEquals("follower", s.get("role").asText());
            assertEquals(leaderId, s.get("leader").get("id").asText());
            assertEquals(cluster.config(leader).get(io.raftwire.config.ConfigKeys.NODE_ADDRESS).toString(),
                    s.get("leader").get("address").asText());
            assertEquals(leaderReport.getTerm().getTerm(), s.get("term").asLong());
            assertEquals(last, s.get("commitIndex").asLong(), json[1]);
            assertEquals(last, s.get("appliedIndex").asLong(), json[1]);
            assertEquals(leaderId, s.get("lagFrom").asText(), "the lag comes from the leader, asked in turn");
            List<String> lags = new ArrayList<>();
            s.get("members").forEach(m -> lags.add(m.get("id").asText() + " " + m.get("role").asText() + " "
                    + m.get("matchIndex").asLong() + " " + m.get("lag").asLong()));
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                expected.add(LocalCluster.id(i) + " " + (i == leader ? "leader" : "follower") + " " + last + " 0");
            }
            assertEquals(expected, lags);
            assertEquals("kryo", s.get("versions").get("serializer").asText());
            assertEquals(String.format("0x%016x", KvNodes.registry().fingerprint()),
                    s.get("versions").get("registryFingerprint").asText());

            String[] alone = cli("status", "--member", address(cluster, follower), "--json");
            assertEquals(String.valueOf(ExitCodes.OK), alone[0], alone[2]);
            JsonNode without = JSON.readTree(alone[1]);
            assertTrue(without.get("lagFrom").isNull());
            assertEquals("the leader " + leaderId + " is not in --members", without.get("lagUnknownBecause").asText());

            String[] text = cli("status", "--member", address(cluster, leader));
            assertEquals(String.valueOf(ExitCodes.OK), text[0], text[2]);
            List<String> lines = text[1].lines().toList();
            assertEquals("member    " + leaderId + " (leader, ACTIVE) of group it-status", lines.get(0));
            assertEquals("leader    " + leaderId + " at " + cluster.config(leader).get(
                    io.raftwire.config.ConfigKeys.NODE_ADDRESS) + ", term " + leaderReport.getTerm().getTerm(),
                    lines.get(1));
            assertEquals("log       commit " + last + ", applied " + last + ", last " + last, lines.get(2));
            assertEquals("snapshot  none", lines.get(3));
            assertTrue(lines.get(lines.size() - 1).endsWith("from the leader " + leaderId), text[1]);

            String[] snapshot = cli("admin", "--members", members(cluster), "snapshot", "--member", followerId);
            assertEquals(String.valueOf(ExitCodes.OK), snapshot[0], snapshot[2]);
            assertEquals("OK snapshot of " + followerId + " at log index " + last + " (term "
                    + leaderReport.getTerm().getTerm() + ")", snapshot[1]);
            JsonNode after = JSON.readTree(cli("status", "--member", address(cluster, follower), "--json")[1]);
            assertEquals(last, after.get("snapshot").get("index").asLong(), after::toString);
            assertTrue(after.get("snapshot").get("chunks").asLong() >= 1, after::toString);
            assertTrue(!after.get("snapshot").get("takenAt").isNull(), after::toString);
            assertEquals(last, report(cluster.node(follower)).getLog().getLastSnapshotIndex());

            String target = LocalCluster.id((leader + 2) % 3);
            String[] transfer = cli("admin", "--members", members(cluster), "transfer-leadership", target);
            assertEquals(String.valueOf(ExitCodes.OK), transfer[0], transfer[2]);
            assertEquals("OK leadership handed to " + target + " (raftwire status shows who leads now)", transfer[1]);
            Await.until(WAIT, () -> {
                String[] now = cli("status", "--member", address(cluster, follower), "--json");
                try {
                    return now[0].equals("0") && JSON.readTree(now[1]).get("leader").get("id").asText().equals(target);
                } catch (Exception e) {
                    return false;
                }
            }, () -> "status of " + followerId + " names " + target + " as leader");
        }
    }

    /** A learner added with {@code admin add-member --learner} shows as one in the leader's status, then goes. */
    @Test
    @Timeout(120)
    void aLearnerAddedAndRemovedWithAdminShowsInTheLeadersStatus() throws Exception {
        Map<String, String> base = Map.of("raftwire.tls.enabled", "false", "raftwire.cluster.id", "it-status",
                "raftwire.security.plaintext-admin", "true", "raftwire.raft.election-timeout-ms", "300");
        config = Files.writeString(dir.resolve("cli-members.properties"),
                "raftwire.tls.enabled=false\nraftwire.cluster.id=it-status\n");
        try (LocalCluster cluster = LocalCluster.start(4, 3, base, null, KvNodes::node)) {
            cluster.awaitLeader(WAIT);
            String[] added = cli("admin", "--members", members(cluster), "add-member", "--learner", "node-4");
            assertEquals(String.valueOf(ExitCodes.OK), added[0], added[2]);
            assertTrue(added[1].startsWith("OK members node-1,node-2,node-3,node-4 (log index "), added[1]);
            cluster.restart(3);
            Await.until(WAIT, () -> {
                int leader = cluster.awaitLeader(WAIT);
                String[] now = cli("status", "--member", address(cluster, leader), "--json");
                try {
                    JsonNode learner = JSON.readTree(now[1]).get("members").get(3);
                    return learner.get("id").asText().equals("node-4") && learner.get("role").asText().equals("learner")
                            && learner.get("lag").asLong(-1) == 0;
                } catch (Exception e) {
                    return false;
                }
            }, () -> "the leader's status shows node-4 as a learner that has caught up");
            String[] removed = cli("admin", "--members", members(cluster), "remove-member", "node-4");
            assertEquals(String.valueOf(ExitCodes.OK), removed[0], removed[2]);
            assertTrue(removed[1].startsWith("OK members node-1,node-2,node-3 (log index "), removed[1]);
            cluster.stop(3);
            int leader = cluster.awaitLeader(WAIT);
            JsonNode after = JSON.readTree(cli("status", "--member", address(cluster, leader), "--json")[1]);
            List<String> ids = new ArrayList<>();
            after.get("members").forEach(m -> ids.add(m.get("id").asText()));
            assertEquals(List.of("node-1", "node-2", "node-3"), ids.stream().sorted().toList());
        }
    }

    /** Waits until every member has the same commit index and last log index; returns it. */
    private static long awaitSettled(LocalCluster cluster) {
        long[] index = {0};
        Await.until(WAIT, () -> {
            List<Long> values = new ArrayList<>();
            for (RaftwireNode n : cluster.running()) {
                RaftNodeReport r = report(n);
                values.add(r.getLog().getCommitIndex());
                values.add(r.getLog().getLastLogOrSnapshotIndex());
            }
            index[0] = values.get(0);
            return values.stream().distinct().count() == 1;
        }, () -> "every member at one commit index");
        return index[0];
    }

    private static RaftNodeReport report(RaftwireNode node) {
        return node.raftNode().getReport().join().getResult();
    }

    private static String address(LocalCluster cluster, int index) {
        return cluster.clientAddresses().get(index).toString();
    }

    private static String members(LocalCluster cluster) {
        return cluster.clientAddresses().stream().map(PeerAddress::toString).collect(Collectors.joining(","));
    }

    /** The program in this JVM with the plaintext settings: exit status, stdout and stderr, each stripped. */
    private static String[] cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add(1, "--config=" + config);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                all.toArray(String[]::new));
        return new String[] {String.valueOf(status), out.toString().strip(), err.toString().strip()};
    }
}
