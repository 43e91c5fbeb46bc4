package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.PoolStats;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.AllocationMeter;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.nio.ByteBuffer;
import java.util.AbstractList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Per-thread buffers: reused across messages, dropped after an oversized one, and never a copy of a heap payload. */
@ExtendWith(LeakDetectionExtension.class)
class KryoBuffersTest {

    private static final int BUFFER = 256;
    private static final int MAX_POOLED = 4096;

    private final KryoSerializer serializer = (KryoSerializer) new KryoSerializerProvider().create(
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

    /** A session request whose member id takes {@code chars} ASCII chars, so that the output array must hold them. */
    private static MemberId member(int chars) {
        return new MemberId("m".repeat(chars));
    }

    @Test
    void encodeReusesTheThreadsOutputAndDropsItAfterAnOversizedMessage() {
        Payloads.encode(serializer, member(1000));
        PoolStats before = serializer.poolStats();
        byte[] grown = serializer.threadState().output().getBuffer();
        assertTrue(grown.length > 1000 && grown.length <= MAX_POOLED, "grown to " + grown.length);
        Payloads.encode(serializer, member(10));
        assertSame(grown, serializer.threadState().output().getBuffer(), "a buffer within the limit is kept");

        Payloads.encode(serializer, member(MAX_POOLED + 1));
        byte[] after = serializer.threadState().output().getBuffer();
        assertNotSame(grown, after);
        assertEquals(BUFFER, after.length, "a buffer past maxPooledBufferBytes is replaced by a fresh one");
        assertEquals(new PoolStats(before.created(), before.dropped() + 1), serializer.poolStats(),
                "one drop counted, no state created: the thread's state was reused");
    }

    @Test
    void aLongByteArrayGoesToTheDestinationWithoutGrowingTheThreadsOutput() {
        InstallRequest big = install(MAX_POOLED * 4);
        Payloads.encode(serializer, install(10));
        PoolStats before = serializer.poolStats();
        byte[] array = serializer.threadState().output().getBuffer();
        byte[] payload = Payloads.encode(serializer, big);
        assertSame(array, serializer.threadState().output().getBuffer(),
                "the 16 KiB chunk was written into the destination: the thread's array neither grew nor was replaced");
        assertEquals(before, serializer.poolStats(), "no buffer grown past the limit, so none dropped");
        assertEquals(big, Payloads.decodeDirect(serializer, MessageType.INSTALL_REQUEST.id(), payload));
    }

    @Test
    void heapPayloadsAreReadInPlaceAndDirectOnesCopiedOnceIntoAReusedArray() {
        InstallRequest value = install(2000);
        byte[] payload = Payloads.encode(serializer, value);
        byte[] copy = serializer.threadState().copyBuffer(0);

        assertEquals(value, Payloads.decodeHeap(serializer, MessageType.INSTALL_REQUEST.id(), payload));
        assertSame(copy, serializer.threadState().copyBuffer(0), "no copy of a heap payload");
        assertEquals(BUFFER, copy.length);

        assertEquals(value, Payloads.decodeDirect(serializer, MessageType.INSTALL_REQUEST.id(), payload));
        byte[] grown = serializer.threadState().copyBuffer(0);
        assertTrue(grown.length >= payload.length && grown.length <= MAX_POOLED, "copied into " + grown.length);
        assertEquals(value, Payloads.decodeDirect(serializer, MessageType.INSTALL_REQUEST.id(), payload));
        assertSame(grown, serializer.threadState().copyBuffer(0), "the copy array is reused");

        byte[] big = Payloads.encode(serializer, install(MAX_POOLED + 1));
        assertEquals(install(MAX_POOLED + 1), Payloads.decodeDirect(serializer, MessageType.INSTALL_REQUEST.id(), big));
        assertEquals(BUFFER, serializer.threadState().copyBuffer(0).length, "an oversized copy array is dropped");
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
        Serializer s = new KryoSerializerProvider().create(TypeRegistry.builder().register(1100, SelfChecking.class)
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

    /** A user type with a long byte array written before a list, as a command with attachments might be. */
    public record Blob(byte[] data, List<String> tags) {
    }

    /** A list that fails with {@code failure} as soon as its elements are asked for. */
    private static List<String> failingList(RuntimeException runtime, Error error) {
        return new AbstractList<>() {
            @Override
            public String get(int index) {
                if (error != null) {
                    throw error;
                }
                throw runtime;
            }

            @Override
            public int size() {
                return 1;
            }
        };
    }

    /**
     * A failure after a byte array went straight into the destination leaves the destination's writer index where it
     * was: for an exception (reported as a SerializationException) and for an Error (passed through unchanged).
     */
    @Test
    void aFailedEncodeAfterAWriteThroughLeavesTheBufferAsItWas() {
        Serializer s = new KryoSerializerProvider().create(TypeRegistry.builder().register(1101, Blob.class).build(),
                new SerializerOptions(32, 1 << 20, BUFFER, MAX_POOLED));
        ByteBuf out = Unpooled.buffer(64).writeInt(7);
        try {
            byte[] data = new byte[PayloadOutput.WRITE_THROUGH_BYTES * 2];
            SerializationException e = assertThrows(SerializationException.class, () -> s.encode(
                    new Blob(data, failingList(new IllegalStateException("list broken"), null)), out));
            assertTrue(e.getMessage().contains("list broken"), e.getMessage());
            assertEquals(4, out.writerIndex(), "the bytes written through are not left in the buffer");

            OutOfMemoryError oom = new OutOfMemoryError("simulated");
            assertSame(oom, assertThrows(OutOfMemoryError.class, () -> s.encode(new Blob(data, failingList(null,
                    oom)), out)), "an Error passes through unchanged");
            assertEquals(4, out.writerIndex(), "the bytes written through are not left in the buffer");
            assertEquals(7, out.getInt(0));
        } finally {
            out.release();
        }
    }

    /**
     * A snapshot chunk larger than {@code maxPooledBufferBytes} used to grow the thread's array past the limit on every
     * encode, to be dropped afterwards: garbage of the chunk's size and more per message. Written through to the
     * destination, it allocates nothing.
     */
    @Test
    void aChunkBeyondThePoolLimitIsEncodedWithoutAllocating() {
        InstallRequest big = install(MAX_POOLED * 4);
        // a wrapped buffer: the paranoid leak detector records a stack trace on every write into a buffer it tracks
        ByteBuf out = Unpooled.wrappedBuffer(ByteBuffer.allocateDirect(MAX_POOLED * 5));
        try {
            for (int round = 0; round < 200; round++) {
                out.clear();
                serializer.encode(big, out);
            }
            PoolStats pool = serializer.poolStats();
            long before = AllocationMeter.allocatedBytes();
            for (int round = 0; round < 20; round++) {
                out.clear();
                serializer.encode(big, out);
            }
            long perEncode = (AllocationMeter.allocatedBytes() - before) / 20;
            assertEquals(0, perEncode, "bytes allocated per encode of a " + (MAX_POOLED * 4) + "-byte chunk");
            assertEquals(pool, serializer.poolStats(), "no buffer grown past the limit, so none dropped");
        } finally {
            out.release();
        }
    }

}
