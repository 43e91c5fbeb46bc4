package io.raftwire.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raftwire.node.admin.MemberStatus;
import io.raftwire.node.admin.NodeStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code raftwire status}: the text people read and the JSON scripts parse, from the same view. */
@Timeout(10)
class StatusRenderingTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** node-2, a follower, asked; the leader node-1 knows the lag. */
    private static final NodeStatus FOLLOWER = new NodeStatus("prod", "node-2", "follower", "ACTIVE", 3, "node-1",
            "10.0.0.1:7101", 57, 57, 57, 40, 3, 2, 1_764_358_800_000L,
            List.of(new MemberStatus("node-1", "10.0.0.1:7101", "leader", -1, -1),
                    new MemberStatus("node-2", "10.0.0.2:7101", "follower", -1, -1),
                    new MemberStatus("node-3", "", "learner", -1, -1)), "0.1.0-SNAPSHOT", "kryo", 0x00c0ffeeL);
    private static final NodeStatus LEADER = new NodeStatus("prod", "node-1", "leader", "ACTIVE", 3, "node-1",
            "10.0.0.1:7101", 60, 60, 60, 0, 0, 0, 0,
            List.of(new MemberStatus("node-1", "10.0.0.1:7101", "leader", 60, 0),
                    new MemberStatus("node-2", "10.0.0.2:7101", "follower", 57, 3),
                    new MemberStatus("node-3", "", "learner", 12, 48)), "0.1.0-SNAPSHOT", "kryo", 0x00c0ffeeL);

    @Test
    void textIsAlignedAndTakesTheLagFromTheLeader() {
        assertEquals(List.of(
                "member    node-2 (follower, ACTIVE) of group prod",
                "leader    node-1 at 10.0.0.1:7101, term 3",
                "log       commit 57, applied 57, last 57",
                "snapshot  index 40 (term 3), 2 chunks, at 2025-11-28T19:40:00Z",
                "versions  raftwire 0.1.0-SNAPSHOT, serializer kryo, registry 0x0000000000c0ffee",
                "",
                "MEMBER    ADDRESS        ROLE      MATCH  LAG",
                "node-1    10.0.0.1:7101  leader    60     0",
                "node-2 *  10.0.0.2:7101  follower  57     3",
                "node-3    -              learner   12     48",
                "* the member asked; MATCH and LAG (entries behind the leader's last log index) from the leader node-1"
                        + " (asked in turn)"), StatusText.render(StatusView.withLeader(FOLLOWER, LEADER)));
    }

    @Test
    void textSaysWhyTheLagIsUnknown() {
        List<String> lines = StatusText.render(StatusView.withoutLag(FOLLOWER, "the leader node-1 is not in --members"));
        assertEquals("node-2 *  10.0.0.2:7101  follower  ?      ?", lines.get(8));
        assertEquals("* the member asked; MATCH and LAG (entries behind the leader's last log index) unknown: the"
                + " leader node-1 is not in --members", lines.get(10));
        assertEquals("snapshot  none", StatusText.render(StatusView.withLeader(LEADER, LEADER)).get(3));
    }

    @Test
    void jsonParsesToTheDocumentedShape() throws Exception {
        JsonNode j = JSON.readTree(StatusJson.render(StatusView.withLeader(FOLLOWER, LEADER)));
        assertEquals(1, j.get("format").asInt());
        assertEquals(List.of("prod", "node-2", "follower", "ACTIVE"), List.of(j.get("group").asText(),
                j.get("member").asText(), j.get("role").asText(), j.get("state").asText()));
        assertEquals(3, j.get("term").asLong());
        assertEquals("node-1", j.get("leader").get("id").asText());
        assertEquals("10.0.0.1:7101", j.get("leader").get("address").asText());
        assertEquals(List.of(57L, 57L, 57L), List.of(j.get("commitIndex").asLong(), j.get("appliedIndex").asLong(),
                j.get("lastLogIndex").asLong()));
        JsonNode snapshot = j.get("snapshot");
        assertEquals(List.of("40", "3", "2", "2025-11-28T19:40:00Z"), List.of(snapshot.get("index").asText(),
                snapshot.get("term").asText(), snapshot.get("chunks").asText(), snapshot.get("takenAt").asText()));
        JsonNode n3 = j.get("members").get(2);
        assertEquals(List.of("node-3", "learner", "12", "48"), List.of(n3.get("id").asText(), n3.get("role").asText(),
                n3.get("matchIndex").asText(), n3.get("lag").asText()));
        assertTrue(n3.get("address").isNull(), "an unknown address is null");
        assertEquals("node-1", j.get("lagFrom").asText());
        assertTrue(j.get("lagUnknownBecause").isNull());
        assertEquals("0x0000000000c0ffee", j.get("versions").get("registryFingerprint").asText());
        assertEquals("kryo", j.get("versions").get("serializer").asText());
        assertEquals("0.1.0-SNAPSHOT", j.get("versions").get("raftwire").asText());
    }

    @Test
    void jsonWithoutLeaderLagOrSnapshotUsesNulls() throws Exception {
        NodeStatus alone = new NodeStatus("p\"q", "n\n1", "candidate", "ACTIVE", 4, "", "", 0, 0, 0, 0, 0, 0, 0,
                List.of(), "v", "jdk", 1);
        JsonNode j = JSON.readTree(StatusJson.render(StatusView.withoutLag(alone, "n\n1 knows no leader")));
        assertTrue(j.get("leader").isNull() && j.get("snapshot").isNull() && j.get("lagFrom").isNull());
        assertEquals("p\"q", j.get("group").asText(), "quotes are escaped");
        assertEquals("n\n1 knows no leader", j.get("lagUnknownBecause").asText(), "control characters are escaped");
        assertEquals(0, j.get("members").size());
    }
}
