package io.raftwire.serializer.protostuff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The rules of the protostuff provider's format that the golden files only show by example: how absence, empty
 * collections and polymorphic values are written, and that a payload has exactly one reading (unknown, repeated,
 * out-of-order or missing fields, stray wire types and mismatched groups are all refused).
 */
@ExtendWith(LeakDetectionExtension.class)
class ProtostuffWireFormatTest {

    private final Serializer serializer = Serializers.create("protostuff", Fixtures.registry(),
            SerializerOptions.defaults());

    @Test
    void writesAnEmptyCollectionAsACountOfZeroAndLeavesANullReferenceOut() {
        UserTypes.KvCommand value = new UserTypes.KvCommand("", null, 0, List.of());
        byte[] expected = new Wire().string(1, "").int64(3, 0).int64(4, 0).bytes();

        assertArrayEquals(expected, Payloads.encode(serializer, value), HexFormat.of().formatHex(expected));
        UserTypes.KvCommand back = (UserTypes.KvCommand) Payloads.decodeHeap(serializer, UserTypes.KV_COMMAND_ID,
                expected);
        assertTrue(back.tags().isEmpty());
        assertNull(back.value());
    }

    @Test
    void writesAPolymorphicValueAsItsRegistryIdThenAGroupUnderOneFieldNumber() {
        PrimitiveOperation value = new PrimitiveOperation(new DefaultOperationId("q", OperationType.QUERY),
                new byte[] {7});
        byte[] expected = new Wire().int64(1, MessageType.DEFAULT_OPERATION_ID.id()).start(1).string(1, "q")
                .int64(2, OperationType.QUERY.ordinal()).end(1).tag(2, Wire.LENGTH_DELIMITED).varint(1).raw(7)
                .bytes();

        assertArrayEquals(expected, Payloads.encode(serializer, value), HexFormat.of().formatHex(expected));
        assertEquals(value, Payloads.decodeHeap(serializer, MessageType.PRIMITIVE_OPERATION.id(), expected));
    }

    @Test
    void writesALongArrayPacked() {
        Object value = new KeepAliveRequest(new long[] {1, 300}, new long[] {0, 128}, new long[] {0, 0});
        byte[] expected = new Wire().tag(1, Wire.LENGTH_DELIMITED).varint(3).varint(1).varint(300)
                .tag(2, Wire.LENGTH_DELIMITED).varint(3).varint(0).varint(128)
                .tag(3, Wire.LENGTH_DELIMITED).varint(2).raw(0, 0).bytes();

        assertArrayEquals(expected, Payloads.encode(serializer, value), HexFormat.of().formatHex(expected));
        assertEquals(value, Payloads.decodeHeap(serializer, MessageType.KEEP_ALIVE_REQUEST.id(), expected));
    }

    static Stream<Arguments> malformed() {
        int member = MessageType.MEMBER_ID.id();
        int vote = MessageType.VOTE_REQUEST.id();
        int metadata = MessageType.METADATA_RESPONSE.id();
        Wire session = new Wire().start(3).int64(1, 1).string(2, "s").string(3, "t").end(3);
        return Stream.of(
                Arguments.of("unknown field", member, new Wire().string(1, "a").int64(2, 1), "has no field 2"),
                Arguments.of("repeated field", member, new Wire().string(1, "a").string(1, "b"), "appears after"),
                Arguments.of("fields out of order", vote, new Wire().int64(1, 1).int64(3, 1).member(2, "a")
                        .int64(4, 1), "VoteRequest.candidate (field 2) appears after field 3"),
                Arguments.of("missing long", vote, new Wire().int64(1, 1).member(2, "a").int64(4, 1),
                        "VoteRequest.lastLogIndex (field 3) is missing"),
                Arguments.of("bool 2", MessageType.CLOSE_SESSION_REQUEST.id(), new Wire().int64(1, 1).int64(2, 2),
                        "CloseSessionRequest.delete = 2 (expected: 0 or 1)"),
                Arguments.of("string as varint", member, new Wire().int64(1, 5), "has wire type varint"),
                Arguments.of("unused wire type 7", member, new Wire().tag(1, 7).raw(1), "has wire type 7"),
                Arguments.of("group ended by another field", vote, new Wire().int64(1, 1).start(2).string(1, "a")
                        .end(3), "end-group tag of field 3 after MemberId.id (expected: the end of field 2)"),
                Arguments.of("end-group at top level", member, new Wire().string(1, "a").end(1),
                        "none in the top-level message"),
                Arguments.of("payload ends inside a group", vote, new Wire().int64(1, 1).start(2).string(1, "a"),
                        "ends inside the group of field 2"),
                Arguments.of("varint of 11 bytes", vote, new Wire().tag(1, 0)
                        .raw(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01), "longer than 10"),
                Arguments.of("int above 32 bits", MessageType.INSTALL_REQUEST.id(), new Wire().int64(1, 1)
                        .member(2, "a").int64(3, 1).int64(4, 1).int64(5, 1L << 32), "expected: a 32-bit int"),
                Arguments.of("long[] ending inside a varint", MessageType.KEEP_ALIVE_REQUEST.id(),
                        new Wire().tag(1, Wire.LENGTH_DELIMITED).varint(2).raw(0x01, 0x81),
                        "ends inside a varint"),
                Arguments.of("list shorter than its count", MessageType.CONFIGURE_REQUEST.id(), new Wire()
                        .int64(1, 1).member(2, "a").int64(3, 1).int64(4, 1).int64(5, 2).start(5).member(1, "a")
                        .int64(2, 0).int64(3, 0).end(5), "ends after 1 of its 2 elements"),
                Arguments.of("duplicate set element", metadata, new Wire().int64(1, 0).int64(3, 2)
                        .append(session.bytes()).append(session.bytes()), "repeats an earlier one"),
                Arguments.of("polymorphic id without a value", MessageType.PRIMITIVE_OPERATION.id(),
                        new Wire().int64(1, MessageType.DEFAULT_OPERATION_ID.id()).tag(2, 2).varint(0),
                        "has a type id but no value"),
                Arguments.of("enum ordinal out of range", MessageType.RAFT_MEMBER.id(), new Wire().member(1, "a")
                        .int64(2, 99).int64(3, 0), "enum ordinal 99"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void refusesPayloadsWithMoreThanOneReading(String name, int typeId, Wire payload, String reason) {
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, typeId, payload.bytes()));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }
}
