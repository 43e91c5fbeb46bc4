package io.raftwire.serializer.jdk;

import static io.raftwire.serializer.jdk.JdkStreams.concat;
import static io.raftwire.serializer.jdk.JdkStreams.longStringHeader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.contract.AllocationMeter;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What JDK 17's {@code ObjectInputStream} allocates for declared lengths it does not filter (strings, proxy
 * interface lists), and that {@link PayloadInputStream} refuses them before it does. Allocations are measured on a
 * second attempt, after one-time class loading and linking.
 */
@ExtendWith(LeakDetectionExtension.class)
class PayloadInputStreamTest {

    private static final byte[] HEADER = {(byte) 0xAC, (byte) 0xED, 0, 5};
    private static final long KIB = 1024;
    private static final int MEMBER = MessageType.MEMBER_ID.id();

    private final Serializer serializer = Serializers.create("jdk", Fixtures.registry(), SerializerOptions.defaults());

    /** A string declaring {@code 0xffff} UTF bytes, then one: 8 bytes in all. */
    private static byte[] shortString() {
        return concat(HEADER, new byte[] {0x74, (byte) 0xFF, (byte) 0xFF, 0x41});
    }

    /** A long string declaring {@code declared} UTF bytes, then one. */
    private static byte[] longString(long declared) {
        return concat(HEADER, longStringHeader(declared), new byte[] {0x41});
    }

    /** A proxy class descriptor declaring 65535 interfaces, then one interface name. */
    private static byte[] proxyDescriptor() {
        return concat(HEADER, new byte[] {0x73, 0x7D, 0, 0, (byte) 0xFF, (byte) 0xFF, 0, 18},
                "java.lang.Runnable".getBytes(StandardCharsets.US_ASCII));
    }

    @Test
    void jdkSizesAStringBuilderFromADeclaredLengthBelow2pow31() {
        for (byte[] stream : List.of(shortString(), longString(Integer.MAX_VALUE - 1L))) {
            long used = allocationOfPlainRead(stream);
            assertTrue(used >= 64 * KIB && used < 96 * KIB, "plain ObjectInputStream allocated " + used
                    + " bytes for a " + stream.length + "-byte stream (expected: a 64 KiB builder, nothing more)");
        }
    }

    @Test
    void jdkReadsLongerStringsInChunksIntoAnUnsizedBuilder() {
        long used = allocationOfPlainRead(longString(Long.MAX_VALUE));
        assertTrue(used < 16 * KIB, "plain ObjectInputStream allocated " + used + " bytes");
    }

    @Test
    void jdkAllocatesTheInterfaceListOfAProxyDescriptorBeforeFilteringIt() {
        long used = allocationOfPlainRead(proxyDescriptor());
        assertTrue(used >= 256 * KIB, "plain ObjectInputStream allocated only " + used + " bytes");
    }

    @Test
    void refusesDeclaredStringLengthsBeyondThePayloadBeforeAnyBuilderIsSized() {
        for (byte[] stream : List.of(shortString(), longString(Integer.MAX_VALUE - 1L), longString(Long.MAX_VALUE),
                longString(-1), longString(2))) {
            assertRefusedCheaply(stream, "string length = ");
        }
    }

    @Test
    void refusesProxyDescriptorsBeforeTheirInterfaceList() {
        assertRefusedCheaply(proxyDescriptor(), "dynamic proxy class descriptor");
    }

    @Test
    void readsAStringLongerThan65535UtfBytesThatIsReallyThere() {
        String key = "\u4e2d".repeat(30_000);
        UserTypes.KvCommand value = new UserTypes.KvCommand(key, null, 0, List.of("x".repeat(70_000)));
        byte[] payload = Payloads.encode(serializer, value);
        assertTrue(JdkStreams.indexOf(payload, longStringHeader(90_000)) > 0, "no TC_LONGSTRING of 90000 bytes");
        assertEquals(value, Payloads.decodeHeap(serializer, UserTypes.KV_COMMAND_ID, payload));
    }

    private void assertRefusedCheaply(byte[] stream, String reason) {
        SerializationException first = assertThrows(SerializationException.class,
                () -> Payloads.decodeHeap(serializer, MEMBER, stream));
        assertTrue(first.getMessage().contains(reason), first.getMessage());
        long before = AllocationMeter.allocatedBytes();
        assertThrows(SerializationException.class, () -> Payloads.decodeHeap(serializer, MEMBER, stream));
        long used = AllocationMeter.allocatedBytes() - before;
        // Below the 64 KiB builder a plain ObjectInputStream sizes for such a string; the stream's own buffers
        // cost about 5 KB on JDK 17 and 35 KB on JDK 25, so the bound sits between.
        assertTrue(used < 48 * KIB, "refusing " + stream.length + " bytes allocated " + used + " bytes");
    }

    private static long allocationOfPlainRead(byte[] stream) {
        plainRead(stream);
        long before = AllocationMeter.allocatedBytes();
        plainRead(stream);
        return AllocationMeter.allocatedBytes() - before;
    }

    private static void plainRead(byte[] stream) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(stream))) {
            Object read = in.readObject();
            throw new AssertionError("read " + read + " from a truncated stream");
        } catch (IOException | ClassNotFoundException expected) {
            // the body is missing: the stream ends after the declaration
        }
    }
}
