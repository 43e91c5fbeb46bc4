package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.io.Input;
import io.raftwire.message.MessageType;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.model.Utf16;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.AllocationMeter;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;

/** The provider's own string and array formats, byte for byte, and the limits applied when reading them. */
@ExtendWith(LeakDetectionExtension.class)
class KryoPayloadFormatTest {

    private final Serializer serializer = new KryoSerializerProvider().create(Fixtures.registry(),
            SerializerOptions.defaults());

    @ParameterizedTest
    @ValueSource(strings = {"", "a", "plain ascii", "\u00e9t\u00e9", "\u4e2d\u6587", "\uD83D\uDE80 rocket",
        "\u007f\u0080\u07ff\u0800\uffff"})
    void stringsAreTheirJdkUtf8BytesAfterALengthPlusOne(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        PayloadOutput out = new PayloadOutput(256);
        out.writeUtf8(s, "test");
        byte[] expected = new Crafted().count(utf8.length).raw(utf8).bytes();
        assertArrayEquals(expected, out.toBytes());
        assertEquals(utf8.length, Utf16.utf8Length(s));
        Input in = new Input(out.toBytes());
        assertEquals(new String(utf8, StandardCharsets.UTF_8), PayloadReads.string(in, 1000, "s"));
        assertEquals(0, PayloadReads.remaining(in));
    }

    /** A string with an unpaired surrogate, which UTF-8 cannot carry, is refused before anything is written. */
    @ParameterizedTest
    @ValueSource(strings = {"lone high \uD800 here", "lone low \uDC00", "ends high \uD83D", "\uDE80\uD83D swapped"})
    void unpairedSurrogatesAreRefusedBeforeAnythingIsWritten(String s) {
        PayloadOutput out = new PayloadOutput(256);
        out.writeByte(7);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> out.writeUtf8(s, "test"));
        assertTrue(e.getMessage().contains("has an unpaired surrogate U+"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Utf16.utf8Length(s));
        assertArrayEquals(new byte[] {7}, out.toBytes());
    }

    @Test
    void nullsAreTheZeroMarker() {
        PayloadOutput out = new PayloadOutput(256);
        out.writeUtf8(null, "test");
        out.writeByteArray(null, "test");
        out.writeLongArray(null, "test");
        assertArrayEquals(new byte[3], out.toBytes());
        Input in = new Input(out.toBytes());
        assertNull(PayloadReads.string(in, 1, "s"));
        assertNull(PayloadReads.bytes(in, 1, "b"));
        assertNull(PayloadReads.longs(in, 1, "l"));
    }

    @Test
    void aMemberIdIsAPresenceByteAndItsString() {
        assertArrayEquals(new Crafted().string("m1").bytes(), Payloads.encode(serializer, new MemberId("m1")));
        byte[] vote = Payloads.encode(serializer, new io.raftwire.message.request.VoteRequest(300, new MemberId("c"),
                5, 4));
        assertArrayEquals(new Crafted().varlong(300).memberId("c").varlong(5).varlong(4).bytes(), vote);
    }

    @Test
    void maxElementsLimitsStringBytesAndCollectionCounts() {
        Serializer strict = new KryoSerializerProvider().create(Fixtures.registry(),
                new SerializerOptions(32, 3, 256, 4096));
        int memberId = MessageType.MEMBER_ID.id();
        assertEquals(new MemberId("abc"), Payloads.decodeHeap(strict, memberId, Payloads.encode(strict,
                new MemberId("abc"))));
        byte[] four = Payloads.encode(serializer, new MemberId("abcd"));
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(strict, memberId, four));
        assertTrue(e.getMessage().contains("MemberId.id = 4 (expected: 0..3"), e.getMessage());
        byte[] tags = Payloads.encode(serializer, new UserTypes.KvCommand("k", null, 0, List.of("a", "b", "c", "d")));
        assertThrows(SerializationException.class, () -> Payloads.decodeHeap(strict, UserTypes.KV_COMMAND_ID, tags));
    }

    @Test
    void aLongArrayCountIsCheckedAgainstTheVarlongsPresentBeforeAllocating() {
        int count = 50_000;
        byte[] continuation = new byte[count];
        Arrays.fill(continuation, (byte) 0x80);
        byte[] payload = KryoSerializerTest.concat(new Crafted().count(count).bytes(), continuation);
        for (int attempt = 0; attempt < 2; attempt++) {
            long before = AllocationMeter.allocatedBytes();
            SerializationException e = assertThrows(SerializationException.class,
                    () -> Payloads.decodeHeap(serializer, MessageType.KEEP_ALIVE_REQUEST.id(), payload));
            long used = AllocationMeter.allocatedBytes() - before;
            assertTrue(e.getMessage().contains("KeepAliveRequest.sessionIds = 50000 (expected: at most the 5555"
                    + " varlongs present)"), e.getMessage());
            if (attempt == 1) {
                assertTrue(used < 8L * count / 2, "allocated " + used + " bytes; a long[" + count + "] is "
                        + 8L * count);
            }
        }
    }

    @Test
    void malformedFlagsEnumsAndSetDuplicatesAreRefused() {
        TypeRegistry registry = serializer.registry();
        byte[] badPresence = new Crafted().raw((byte) 2).string("m").bytes();
        assertRefused(registry, MessageType.TRANSFER_REQUEST.id(), badPresence, "TransferRequest.member = 2"
                + " (expected: 0 or 1)");
        byte[] badBoolean = new Crafted().varlong(1).raw((byte) 7).bytes();
        assertRefused(registry, MessageType.CLOSE_SESSION_REQUEST.id(), badBoolean, "CloseSessionRequest.delete = 7"
                + " (expected: 0 or 1)");
        byte[] badOrdinal = new Crafted().nul().count(0).varint(3).bytes();
        assertRefused(registry, UserTypes.AUDIT_ENTRY_ID, badOrdinal, "AuditEntry.priority enum ordinal 2"
                + " (expected: 0..1)");
        byte[] duplicate = new Crafted().nul().count(2).string("m").string("m").varint(1).bytes();
        assertRefused(registry, UserTypes.AUDIT_ENTRY_ID, duplicate, "AuditEntry.witnesses element 1 repeats an"
                + " earlier one");
        byte[] nullElement = new Crafted().string("k").nul().varlong(0).count(1).nul().bytes();
        assertRefused(registry, UserTypes.KV_COMMAND_ID, nullElement, "KvCommand.tags holds a null element");
    }

    private void assertRefused(TypeRegistry registry, int typeId, byte[] payload, String reason) {
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, typeId, payload), registry.describe(typeId));
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }
}
