package io.raftwire.serializer.fory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.serializer.PoolStats;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import org.apache.fory.memory.MemoryBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Per-thread buffers: reused across messages, dropped after an oversized one, and no copy of a heap or direct payload
 * (only a composite one is copied).
 */
@ExtendWith(LeakDetectionExtension.class)
class ForyBuffersTest {

    private static final int BUFFER = 256;
    private static final int MAX_POOLED = 4096;

    private final ForySerializer serializer = (ForySerializer) new ForySerializerProvider().create(
            TypeRegistry.catalog(), new SerializerOptions(32, 1 << 20, BUFFER, MAX_POOLED));

    /** A user type whose constructor serializes on the decoding thread, as a self-checksumming type might. */
    public record SelfChecking(String text) {
        static final ThreadLocal<Serializer> HOOK = new ThreadLocal<>();

        /** Round-trips a MemberId through the hooked serializer, if any. */
        public SelfChecking {
            Serializer s = HOOK.get();
            if (s != null && !new MemberId(text).equals(Payloads.decodeHeap(s, MessageType.MEMBER_ID.id(),
                    Payloads.encode(s, new MemberId(text))))) {
                throw new IllegalStateException("nested round trip failed");
            }
        }
    }

    private static InstallRequest install(int dataBytes) {
        return new InstallRequest(1, new MemberId("leader"), 2, 3, 0, 0, new byte[dataBytes], false);
    }

    /** A message whose strings, read from a direct payload, pass through the thread's scratch array. */
    private static OpenSessionRequest open(int nameChars) {
        return new OpenSessionRequest(new MemberId("n1"), "x".repeat(nameChars), "type", new byte[0],
                ReadConsistency.SEQUENTIAL, 0, 0);
    }

    @Test
    void encodeReusesTheThreadsOutputAndDropsItAfterAnOversizedMessage() {
        Payloads.encode(serializer, install(1000));
        PoolStats before = serializer.poolStats();
        MemoryBuffer grown = serializer.threadState().output();
        assertTrue(grown.size() > 1000 && grown.size() <= MAX_POOLED, "grown to " + grown.size());
        Payloads.encode(serializer, install(10));
        assertSame(grown, serializer.threadState().output(), "a buffer within the limit is kept");

        Payloads.encode(serializer, install(MAX_POOLED + 1));
        MemoryBuffer after = serializer.threadState().output();
        assertNotSame(grown, after);
        assertEquals(BUFFER, after.size(), "a buffer past maxPooledBufferBytes is replaced by a fresh one");
        assertEquals(new PoolStats(before.created(), before.dropped() + 1), serializer.poolStats(),
                "one drop counted, no state created: the thread's state was reused");
    }

    @Test
    void heapAndDirectPayloadsAreReadInPlace() {
        ByteBuf heap = Unpooled.buffer();
        ByteBuf direct = PooledByteBufAllocator.DEFAULT.directBuffer();
        try {
            InstallRequest value = install(2000);
            serializer.encode(value, heap);
            serializer.encode(value, direct);
            MemoryBuffer overHeap = serializer.threadState().input(heap, heap.readerIndex(), heap.readableBytes());
            assertSame(heap.array(), overHeap.getHeapMemory(), "the heap payload's own array, not a copy");
            MemoryBuffer overDirect = serializer.threadState().input(direct, direct.readerIndex(),
                    direct.readableBytes());
            assertTrue(overDirect.isOffHeap(), "the direct payload's own memory, not a copy");
            // a byte changed in the payload shows through (Fory on JDK 25 exposes no native address to compare)
            int at = direct.readerIndex();
            byte first = direct.getByte(at);
            direct.setByte(at, first ^ 0x5A);
            assertEquals((byte) (first ^ 0x5A), overDirect.getByte(overDirect.readerIndex()),
                    "the direct payload's own memory, not a copy");
            direct.setByte(at, first);
            serializer.threadState().release();

            assertEquals(value, serializer.decode(MessageType.INSTALL_REQUEST.id(), heap));
            assertEquals(value, serializer.decode(MessageType.INSTALL_REQUEST.id(), direct));
            assertEquals(heap.writerIndex(), heap.readerIndex());
            assertEquals(direct.writerIndex(), direct.readerIndex());
        } finally {
            heap.release();
            direct.release();
        }
    }

    @Test
    void stringsOfADirectPayloadPassThroughAReusedArrayThatIsDroppedWhenOversized() {
        byte[] small = Payloads.encode(serializer, open(1000));
        assertEquals(open(1000), Payloads.decodeDirect(serializer, MessageType.OPEN_SESSION_REQUEST.id(), small));
        assertEquals(open(1000), Payloads.decodeDirect(serializer, MessageType.OPEN_SESSION_REQUEST.id(), small));
        PoolStats before = serializer.poolStats();
        byte[] big = Payloads.encode(serializer, open(MAX_POOLED + 1));
        assertEquals(open(MAX_POOLED + 1), Payloads.decodeDirect(serializer, MessageType.OPEN_SESSION_REQUEST.id(),
                big));
        assertEquals(before.dropped() + 2, serializer.poolStats().dropped(),
                "the grown encode buffer and the grown scratch array are both dropped");
        assertEquals(before.created(), serializer.poolStats().created());
    }

    @Test
    void readsFromOffsetSlicesAndCompositesAndConsumesExactlyThePayload() {
        InstallRequest value = install(300);
        byte[] payload = Payloads.encode(serializer, value);
        byte[] framed = new byte[payload.length + 20];
        System.arraycopy(payload, 0, framed, 13, payload.length);
        ByteBuf slice = Unpooled.wrappedBuffer(framed).slice(13, payload.length);
        CompositeByteBuf composite = Unpooled.compositeBuffer();
        try {
            assertTrue(slice.arrayOffset() == 13 && slice.hasArray());
            assertEquals(value, serializer.decode(MessageType.INSTALL_REQUEST.id(), slice));
            assertEquals(slice.writerIndex(), slice.readerIndex());

            int half = payload.length / 2;
            composite.addComponent(true, Unpooled.wrappedBuffer(payload, 0, half));
            composite.addComponent(true, PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(payload, half,
                    payload.length - half));
            assertEquals(value, serializer.decode(MessageType.INSTALL_REQUEST.id(), composite));
            assertEquals(composite.writerIndex(), composite.readerIndex());
        } finally {
            slice.release();
            composite.release();
        }
    }

    @Test
    void aCallNestedInAConstructorOnTheSameThreadDoesNotDisturbTheOuterDecode() {
        Serializer s = new ForySerializerProvider().create(TypeRegistry.builder().register(1100, SelfChecking.class)
                .build(), SerializerOptions.defaults());
        byte[] payload = Payloads.encode(s, new SelfChecking("outer"));
        SelfChecking.HOOK.set(s);
        try {
            assertEquals(new SelfChecking("outer"), Payloads.decodeHeap(s, 1100, payload));
            assertEquals(new SelfChecking("outer"), Payloads.decodeDirect(s, 1100, payload));
        } finally {
            SelfChecking.HOOK.remove();
        }
    }

}
