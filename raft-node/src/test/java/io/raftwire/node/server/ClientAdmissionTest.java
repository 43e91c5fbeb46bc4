package io.raftwire.node.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.kv.KvCompareAndSet;
import io.raftwire.node.kv.KvLimits;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvTypes;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.NettyTransportFactory;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

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

    @Test
    void sessionsAreCappedPerClientAndInTheirTimeout() {
        ClientAdmission a = ClientAdmission.of("node-1", Set::of, 1 << 20, 50);
        assertNull(a.refuseSession("c", ClientAdmission.MAX_SESSIONS_PER_CLIENT - 1,
                ClientAdmission.MAX_SESSION_TIMEOUT_MS));
        assertEquals("client c\\u001b holds 1024 open sessions (expected: at most 1024 per client; close the sessions"
                + " it no longer uses, or let them expire)", a.refuseSession("c\u001b", 1024, 10_000).message());
        assertEquals("session timeout 9223372036854775807 ms (expected: at most 3600000 ms, one hour; a session of a"
                + " client that went away is kept by every member until it expires)",
                a.refuseSession("c", 0, Long.MAX_VALUE).message());
    }

    @Test
    void sessionCountsPerOwnerFollowOpensClosesAndSnapshots() {
        SessionConsistency s = new SessionConsistency();
        s.opened(1, ReadConsistency.LINEARIZABLE, "a");
        s.opened(2, ReadConsistency.LINEARIZABLE, "a");
        s.opened(3, ReadConsistency.SEQUENTIAL, "b");
        s.opened(4, ReadConsistency.SEQUENTIAL, null);
        assertEquals(2, s.ownedBy("a"));
        assertEquals(1, s.ownedBy("b"));
        s.closed(1);
        s.closed(1);
        s.closed(99);
        assertEquals(1, s.ownedBy("a"));
        s.opened(2, ReadConsistency.LINEARIZABLE, "b");
        assertEquals(0, s.ownedBy("a"), "a session noted again replaces its owner");
        assertEquals(2, s.ownedBy("b"));
        s.clear();
        assertEquals(0, s.ownedBy("b"));
    }

    /**
     * Opens this member proposed count for their client until applied or answered, so that opens sent all at once
     * stop at the cap; an applied one moves from proposed to open in one step, never counted twice or not at all.
     */
    @Test
    @Timeout(10)
    void proposedOpensCountUntilAppliedOrWithdrawnAndNeverTwice() {
        SessionConsistency s = new SessionConsistency();
        Object first = new Object();
        Object second = new Object();
        Object refused = new Object();
        assertEquals(0, s.propose("a", first));
        assertEquals(1, s.propose("a", second));
        assertEquals(2, s.propose("a", refused));
        s.withdraw(refused);
        assertEquals(2, s.ownedBy("a"));

        s.opened(10, ReadConsistency.LINEARIZABLE, "a", first);
        assertEquals(2, s.ownedBy("a"), "an applied proposal counts once");
        s.withdraw(first); // its answer, after it was applied
        assertEquals(2, s.ownedBy("a"));
        s.clear(); // a snapshot: the sessions it holds are noted again, the proposal still counts
        assertEquals(1, s.ownedBy("a"));
        s.withdraw(second); // failed, never applied
        assertEquals(0, s.ownedBy("a"));
        s.opened(11, ReadConsistency.LINEARIZABLE, "a", second); // applied later all the same (another leader's)
        assertEquals(1, s.ownedBy("a"));
        s.closed(11);
        assertEquals(0, s.ownedBy("a"));
    }

    /**
     * The largest commands the KV store accepts (a 1,024-character key of three-byte characters, a 256 KiB value) pass
     * the entry limit with the defaults, encoded by every installed serializer and counted as ClientService counts
     * a command: its operation bytes plus three bytes per character of its operation id.
     */
    @Test
    void theKvStoresLargestCommandsPassTheDefaultLimitInEverySerializer() {
        ClientAdmission a = ClientAdmission.of("node-1", Set::of, 16L * 1024 * 1024, 50);
        TypeRegistry registry = KvTypes.registerAll(TypeRegistry.builder()).build();
        String key = "\u20ac".repeat(KvLimits.MAX_KEY_LENGTH);
        byte[] value = new byte[KvLimits.MAX_VALUE_BYTES];
        Set<String> serializers = NettyTransportFactory.installedSerializers();
        assertTrue(serializers.size() >= 3, serializers.toString());
        for (String name : serializers) {
            OperationCodec codec = new OperationCodec(Serializers.create(name, registry, SerializerOptions.defaults()));
            for (Object command : List.of(new KvPut(key, value), new KvCompareAndSet(key, Long.MAX_VALUE, value))) {
                PrimitiveOperation op = codec.command(command);
                long bytes = op.value().length + 3L * op.id().id().length();
                assertNull(a.refuseSize("CommandRequest", bytes), name + ", " + command.getClass().getSimpleName());
            }
        }
    }

    /** A client asking for more than a member accepts is told when it is built, not by every connect's refusal. */
    @Test
    void aClientsSessionTimeoutIsCheckedAgainstTheMembersLimitWhenItIsBuilt() {
        RaftwireClient.Builder b = RaftwireClient.builder(RaftwireConfig.of(Map.of("raftwire.tls.enabled", "false")),
                KvNodes.registry(), List.of(new PeerAddress("node-1", new HostPort("127.0.0.1", 9))));
        b.sessionTimeout(Duration.ofHours(1));
        b.sessionTimeout(Duration.ofMillis(1));
        for (Duration wrong : List.of(Duration.ofMillis(3_600_001), Duration.ZERO, Duration.ofNanos(999_999),
                Duration.ofSeconds(Long.MAX_VALUE), Duration.ofMillis(-5))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.sessionTimeout(wrong));
            assertEquals("sessionTimeout = " + wrong + " (expected: 1 ms to 3600000 ms, one hour, the longest a member"
                    + " accepts)", e.getMessage());
        }
    }
}
