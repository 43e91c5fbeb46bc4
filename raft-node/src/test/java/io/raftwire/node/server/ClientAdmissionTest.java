package io.raftwire.node.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.raftwire.message.value.RaftError;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** What a member refuses of a client before logging it: joins of unreachable members, oversized entries. */
class ClientAdmissionTest {

    @Test
    void theEntryLimitLetsTheLargestBatchOfLargestEntriesFitOneFrame() {
        long frame = 16L * 1024 * 1024;
        long limit = ClientAdmission.maxEntryBytes(frame, 50);
        assertEquals(327_680, limit, "the defaults: 16 MiB less 64 KiB, over 51 entries");
        assertEquals(true, 51 * limit + ClientAdmission.frameAllowance(frame) <= frame);
        assertEquals(true, limit >= 256 * 1024 + 3 * 1024, "the KV store's largest command fits");
        assertEquals((1024 * 1024 - 65_536) / 2, ClientAdmission.maxEntryBytes(1024 * 1024, 1));
        assertEquals(1, ClientAdmission.maxEntryBytes(64, 1_000), "never below one byte");
    }

    @Test
    void refusalsNameWhatWasAskedAndWhatIsExpected() {
        ClientAdmission a = ClientAdmission.of("node-1", () -> Set.of("node-3", "node-2"), 16L * 1024 * 1024, 50);
        assertNull(a.refuseSize("CommandRequest", 327_680));
        RaftError size = a.refuseSize("CommandRequest", 327_681);
        assertEquals(RaftError.Type.PROTOCOL_ERROR, size.type());
        assertEquals("CommandRequest would make a log entry of about 327681 bytes (expected: at most 327680 bytes,"
                + " raftwire.transport.max-frame-bytes = 16777216 less 65536 bytes for framing, divided by"
                + " raftwire.raft.append-batch-size + 1 = 51, the most entries in one frame)", size.message());
        assertNull(a.refuseJoin("node-1"));
        assertNull(a.refuseJoin("node-3"));
        RaftError join = a.refuseJoin("ghost\n1");
        assertEquals(RaftError.Type.PROTOCOL_ERROR, join.type());
        assertEquals("member ghost\\n1 cannot join: it is not one of the members this node can reach (expected: this"
                + " node or one of its peers [node-1, node-2, node-3]; add it to raftwire.peers of every member"
                + " first)", join.message());
    }

    @Test
    void aPeerAddedLaterMayJoin() {
        Set<String> peers = new HashSet<>(Set.of("node-2"));
        ClientAdmission a = ClientAdmission.of("node-1", () -> Set.copyOf(peers), 1 << 20, 50);
        assertEquals(RaftError.Type.PROTOCOL_ERROR, a.refuseJoin("node-4").type());
        peers.add("node-4");
        assertNull(a.refuseJoin("node-4"));
    }
}
