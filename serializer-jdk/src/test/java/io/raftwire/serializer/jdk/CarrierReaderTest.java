package io.raftwire.serializer.jdk;

import static io.raftwire.serializer.jdk.JdkStreams.plainStream;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Carriers that are well-formed JDK streams of allowed classes but do not describe a valid value of the declared
 * type, written by a plain {@code ObjectOutputStream}: each must be refused with a message that says what was wrong.
 */
@ExtendWith(LeakDetectionExtension.class)
class CarrierReaderTest {

    private static final int VOTE = MessageType.VOTE_REQUEST.id();
    private static final int MEMBER = MessageType.MEMBER_ID.id();

    private final Serializer serializer = Serializers.create("jdk", Fixtures.registry(), SerializerOptions.defaults());

    static Stream<Arguments> refusedCarriers() {
        byte[] data = {1};
        return Stream.of(
            refused("root type differs from the frame header", VOTE, new long[] {MEMBER, 1}, new Object[] {"m"},
                    "payload holds type 61 (expected: VoteRequest, type 17"),
            refused("VALUE slot holds another registered type", VOTE, new long[] {VOTE, 5, 64, 1, 0, 40, 4}, null,
                    "VoteRequest.candidate holds type 64 (RaftError) (expected: MemberId)"),
            refused("nested type id not registered", VOTE, new long[] {VOTE, 5, 999, 1, 40, 4}, new Object[] {"m"},
                    "VoteRequest.candidate holds type 999, which is not registered"),
            refused("POLYMORPHIC slot holds a type outside the interface", MessageType.PRIMITIVE_OPERATION.id(),
                    new long[] {65, MEMBER, 1, 1}, new Object[] {"x", data},
                    "id holds type 61 (MemberId) (expected: a registered OperationId)"),
            refused("INT beyond int range", MessageType.INSTALL_REQUEST.id(),
                    new long[] {6, 1, MEMBER, 1, 2, 3, 1L << 32, 0, 1, 0}, new Object[] {"l", data},
                    "InstallRequest.version = 4294967296 (expected: an int)"),
            refused("BOOLEAN neither 0 nor 1", MessageType.INSTALL_REQUEST.id(),
                    new long[] {6, 1, MEMBER, 1, 2, 3, 1, 0, 1, 2}, new Object[] {"l", data},
                    "InstallRequest.complete = 2 (expected: 0 or 1)"),
            refused("enum ordinal out of range", MessageType.RAFT_MEMBER.id(), new long[] {62, MEMBER, 1, 99, 7},
                    new Object[] {"m"}, "RaftMember.type enum ordinal 98"),
            refused("presence flag neither 0 nor 1", MEMBER, new long[] {MEMBER, 2}, new Object[] {"m"},
                    "MemberId.id presence = 2 (expected: 0 or 1)"),
            refused("reference of the wrong type", MEMBER, new long[] {MEMBER, 1}, new Object[] {data},
                    "MemberId.id holds byte[] (expected: String)"),
            refused("words left over", MEMBER, new long[] {MEMBER, 1, 7}, new Object[] {"m"},
                    "1 words and 0 references left after the MemberId"),
            refused("references left over", MEMBER, new long[] {MEMBER, 1}, new Object[] {"m", "n"},
                    "0 words and 1 references left after the MemberId"),
            refused("words end inside a record", VOTE, new long[] {VOTE, 5, MEMBER, 1}, new Object[] {"m"},
                    "payload ends inside VoteRequest"),
            refused("null element in a list of values", MessageType.APPEND_REQUEST.id(),
                    new long[] {2, 1, MEMBER, 1, 0, 0, 2, 0, 0}, new Object[] {"l"},
                    "AppendRequest.entries holds a null element"),
            refused("duplicate set element", MessageType.METADATA_RESPONSE.id(),
                    new long[] {30, 1, 0, 3, 63, 1, 1, 1, 63, 1, 1, 1}, new Object[] {"a", "kv", "a", "kv"},
                    "MetadataResponse.sessions element 1 repeats an earlier one (expected: distinct set elements)"),
            refused("collection size beyond the words left", MessageType.METADATA_RESPONSE.id(),
                    new long[] {30, 1, 0, 1000}, null, "MetadataResponse.sessions size = 999 (expected: 0..0"),
            refused("null among the references", UserTypes.KV_COMMAND_ID, new long[] {1024, 1, 0, 5, 2},
                    new Object[] {"k", null}, "KvCommand reference is null"),
            refused("no words", MEMBER, null, new Object[] {"m"}, "carrier has no words"),
            refused("a carrier nested among the references", MEMBER, new long[] {MEMBER, 1},
                    new Object[] {new Carrier(new long[] {MEMBER, 1}, new Object[] {"n"})},
                    "nesting depth 4 in the serialization stream (expected: <= 3)"),
            refused("the constructor's own check", VOTE, new long[] {VOTE, -5, MEMBER, 1, 40, 4}, new Object[] {"m"},
                    "invalid value: term"));
    }

    private static Arguments refused(String name, int typeId, long[] words, Object[] references, String message) {
        return Arguments.of(name, typeId, plainStream(new Carrier(words, references)), message);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedCarriers")
    void refusesCarriersThatDoNotDescribeAValidValue(String name, int typeId, byte[] payload, String message) {
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, typeId, payload));
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void readsAHandWrittenCarrierOfTheDocumentedLayout() {
        byte[] payload = plainStream(new Carrier(new long[] {VOTE, 5, MEMBER, 1, 40, 4}, new Object[] {"node-1"}));
        assertEquals(new VoteRequest(5, new MemberId("node-1"), 40, 4),
                Payloads.decodeHeap(serializer, VOTE, payload));
    }

    @Test
    void refusesAStreamWhoseTopLevelObjectIsNoCarrier() {
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, MEMBER, plainStream("node-1")));
        assertTrue(e.getMessage().contains("payload holds String (expected: a carrier of MemberId)"), e.getMessage());
    }

    @Test
    void decodesTheHighestDepthSettingOnASmallStackBecauseNeitherSideRecurses() throws InterruptedException {
        Serializer lenient = Serializers.create("jdk", Fixtures.registry(), new SerializerOptions(
                SerializerOptions.MAX_MAX_DEPTH, SerializerOptions.DEFAULT_MAX_ELEMENTS,
                SerializerOptions.DEFAULT_BUFFER_BYTES, SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES));
        UserTypes.TreeNode deep = UserTypes.TreeNode.chain(SerializerOptions.MAX_MAX_DEPTH);
        AtomicReference<Object> result = new AtomicReference<>();
        Thread small = new Thread(null, () -> result.set(Payloads.decodeHeap(lenient, UserTypes.TREE_NODE_ID,
                Payloads.encode(lenient, deep))), "small-stack", 256 * 1024);
        small.setUncaughtExceptionHandler((t, e) -> result.set(e));
        small.start();
        small.join();
        // no equals or toString of the whole chain here: TreeNode's recurse, and can overflow the test thread
        assertInstanceOf(UserTypes.TreeNode.class, result.get(), () -> result.get() instanceof Throwable t
                ? t.toString() : result.get().getClass().getName());
        UserTypes.TreeNode node = (UserTypes.TreeNode) result.get();
        for (int level = SerializerOptions.MAX_MAX_DEPTH - 1; level > 0; level--) {
            assertEquals("n" + level, node.label());
            assertEquals(1, node.children().size());
            node = node.children().get(0);
        }
        assertEquals(new UserTypes.TreeNode("leaf", List.of()), node);
    }
}
