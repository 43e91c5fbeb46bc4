package io.raftwire.serializer.jdk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.raftwire.message.MessageType;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.MetadataRequest;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftMember;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The carrier layout documented on {@link Carrier}, pinned on a few values of each kind. */
@ExtendWith(LeakDetectionExtension.class)
class CarrierWriterTest {

    private final TypeRegistry registry = Fixtures.registry();
    private final CarrierWriter writer = new CarrierWriter(registry, SerializerOptions.defaults());

    private Carrier write(Object value) {
        return writer.write(registry.find(value.getClass()), value);
    }

    @Test
    void writesNumbersAndNestedRecordsInPreOrder() {
        Carrier carrier = write(new VoteRequest(5, new MemberId("node-1"), 40, 4));
        assertArrayEquals(new long[] {MessageType.VOTE_REQUEST.id(), 5, MessageType.MEMBER_ID.id(), 1, 40, 4},
                carrier.words());
        assertArrayEquals(new Object[] {"node-1"}, carrier.references());
    }

    @Test
    void writesEnumsAsOrdinalPlusOne() {
        Carrier carrier = write(new RaftMember(new MemberId("m"), RaftMember.Type.values()[1], 7));
        assertArrayEquals(new long[] {MessageType.RAFT_MEMBER.id(), MessageType.MEMBER_ID.id(), 1, 2, 7},
                carrier.words());
    }

    @Test
    void writesNullsAsZeroAndCollectionsAsSizePlusOne() {
        Carrier carrier = write(new UserTypes.KvCommand("k", null, -1, List.of("a", "b")));
        assertArrayEquals(new long[] {UserTypes.KV_COMMAND_ID, 1, 0, -1, 3}, carrier.words());
        assertArrayEquals(new Object[] {"k", "a", "b"}, carrier.references());
        Carrier empty = write(new RaftMember(new MemberId("m"), RaftMember.Type.values()[0], 0));
        assertEquals(5, empty.words().length);
    }

    @Test
    void writesNoReferencesArrayWhenThereAreNone() {
        assertNull(write(new MetadataRequest(3)).references());
    }

    @Test
    void writesEveryOccurrenceOfASharedValueSoPayloadsAreTrees() {
        MemberId shared = new MemberId("leader");
        KeepAliveResponse value = new KeepAliveResponse(RaftResponse.Status.OK, null, shared,
                List.of(shared, new MemberId("other")), new long[] {1});
        Serializer serializer = Serializers.create("jdk", registry, SerializerOptions.defaults());
        KeepAliveResponse decoded = (KeepAliveResponse) Payloads.decodeHeap(serializer,
                MessageType.KEEP_ALIVE_RESPONSE.id(), Payloads.encode(serializer, value));
        assertEquals(value, decoded);
        assertNotSame(decoded.leader(), decoded.members().get(0));
    }
}
