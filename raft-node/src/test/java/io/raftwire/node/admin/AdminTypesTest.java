package io.raftwire.node.admin;

import io.raftwire.message.value.RaftError;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The administration types travel through every provider unchanged, and refuse what no member would send. */
@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class AdminTypesTest {

    static NodeStatus sample() {
        return new NodeStatus("prod", "node-1", "leader", "ACTIVE", 3, "node-1", "10.0.0.1:7101", 42, 42, 43, 40, 3,
                2, 1_764_000_000_000L, List.of(new MemberStatus("node-1", "10.0.0.1:7101", "leader", 43, 0),
                new MemberStatus("node-2", "10.0.0.2:7101", "follower", 41, 2),
                new MemberStatus("node-3", "", "learner", -1, -1)), "0.1.0-SNAPSHOT", "kryo", 0x1234abcdL);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void everyTypeRoundTrips(String serializer) {
        OperationCodec codec = new OperationCodec(Serializers.create(serializer, KvNodes.registry(),
                SerializerOptions.defaults()));
        for (Object value : List.of(new StatusRequest("node-1"), new SnapshotRequest("node-2"),
                StatusResponse.of(sample()), StatusResponse.failed(new RaftError(RaftError.Type.PROTOCOL_ERROR,
                        "forbidden: x", null)))) {
            assertEquals(value, codec.decodeResult(codec.encodeResult(value), value.getClass()), serializer);
        }
    }

    @Test
    void idsAreTheContractTable() {
        assertEquals(List.of(200, 201, 202, 203, 204), java.util.Arrays.stream(AdminTypes.values())
                .map(AdminTypes::id).toList());
    }

    @Test
    void refusalsNameTheValueAndWhatIsExpected() {
        assertEquals("role = boss (expected: leader, follower or learner)", assertThrows(
                IllegalArgumentException.class, () -> new MemberStatus("n", "", "boss", -1, -1)).getMessage());
        assertEquals("matchIndex = -2, lag = -1 (expected: >= 0, or -1 for unknown)", assertThrows(
                IllegalArgumentException.class, () -> new MemberStatus("n", "", "follower", -2, -1)).getMessage());
        assertEquals("error = null, status = null (expected: exactly one of them)", assertThrows(
                IllegalArgumentException.class, () -> new StatusResponse(null, null)).getMessage());
        assertEquals("a negative term, index, count or time in node-1's status (expected: >= 0)", assertThrows(
                IllegalArgumentException.class, () -> new NodeStatus("g", "node-1", "follower", "ACTIVE", -1, "", "",
                        0, 0, 0, 0, 0, 0, 0, List.of(), "v", "kryo", 0)).getMessage());
    }
}
