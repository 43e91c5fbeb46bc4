package io.raftwire.serializer.protostuff;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.message.IndexedSet;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.PoolCounters;
import io.raftwire.serializer.PoolStats;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.AllocationMeter;
import io.raftwire.serializer.contract.EncodeAllocation;
import io.raftwire.serializer.contract.Fixtures;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.serializer.contract.UserTypes;
import io.raftwire.serializer.model.Kind;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Buffer handling of the protostuff provider: pooling, streaming, zero garbage on encode, no copy on decode. */
@ExtendWith(LeakDetectionExtension.class)
class ProtostuffBuffersTest {

    private static final int WARM_UP_ENCODES = 300;
    private static final int ENCODES = 1_000;

    private final TypeRegistry registry = Fixtures.registry();
    private final Serializer serializer = Serializers.create("protostuff", registry, SerializerOptions.defaults());

    @Test
    void isTheServiceLoaderProviderNamedProtostuffWithId2() {
        SerializerProvider provider = Serializers.provider("protostuff");
        assertInstanceOf(ProtostuffSerializerProvider.class, provider);
        assertEquals(2, provider.id());
        assertEquals(ProtostuffSerializerProvider.FORMAT_VERSION, provider.formatVersion());
    }

    /**
     * A value with a set that is not a catalog {@link IndexedSet} costs no more per encode than that set's iterator
     * and distinctness copy. Every other value allocates exactly nothing: {@link ProtostuffEncodeAllocationTest}.
     */
    @Test
    void aForeignSetCostsNoMoreThanItsIteratorAndTheDistinctnessCopy() {
        assumeTrue(AllocationMeter.supported(), "per-thread allocation counting");
        // An unpooled heap buffer is not leak-tracked: under paranoid leak detection every write to a tracked buffer
        // records its stack, which would be counted here as the encoder's allocation.
        ByteBuf out = Unpooled.buffer(64 * 1024);
        try {
            Map<String, Object> fixtures = Fixtures.named();
            for (int round = 0; round < 3; round++) {
                fixtures.values().forEach(v -> encodeRepeatedly(v, out, WARM_UP_ENCODES));
            }
            List<String> garbage = new ArrayList<>();
            int checked = 0;
            for (Map.Entry<String, Object> e : fixtures.entrySet()) {
                Object value = e.getValue();
                if (Fixtures.isLegacy(value) || !EncodeAllocation.iteratesAForeignSet(registry, value)) {
                    continue; // legacy shapes box and allocate by design; the rest: ProtostuffEncodeAllocationTest
                }
                // A set that is not a catalog IndexedSet allocates its iterator, and, of a class not known to be
                // equals-based (an unmodifiable view), the array Elements.requireDistinct copies it into.
                long setAllowance = registry.find(value.getClass()).components().stream()
                        .map(c -> c.kind() == Kind.SET ? c.get(value) : null)
                        .filter(set -> set != null && !(set instanceof IndexedSet<?>))
                        .mapToLong(set -> 64 + 16 + 8L * ((java.util.Set<?>) set).size()).sum();
                checked++;
                long before = AllocationMeter.allocatedBytes();
                encodeRepeatedly(value, out, ENCODES);
                double perEncode = (AllocationMeter.allocatedBytes() - before) / (double) ENCODES;
                if (perEncode > setAllowance) {
                    garbage.add(e.getKey() + " " + perEncode + " B/encode");
                }
            }
            assertTrue(checked > 0, "no fixture has a foreign set: this test checks nothing");
            assertTrue(garbage.isEmpty(), "encode allocated more than a set's iterator and copy: " + garbage);
        } finally {
            out.release();
        }
    }

    private void encodeRepeatedly(Object value, ByteBuf out, int times) {
        for (int i = 0; i < times; i++) {
            out.clear();
            serializer.encode(value, out);
        }
    }

    @Test
    void dropsAScratchArrayGrownPastTheMaxPooledSize() {
        PoolCounters pool = new PoolCounters();
        ProtostuffEncoder encoder = new ProtostuffEncoder(new SerializerOptions(32, 1 << 20, 256, 1024), pool);
        ModelSchema schema = ModelSchema.build(registry, SerializerOptions.defaults().codecPath())[MessageType.KEEP_ALIVE_REQUEST.id()];
        ByteBuf out = Unpooled.buffer();
        try {
            long[] small = new long[60];
            encoder.encode(schema, new KeepAliveRequest(small, small, small), out);
            assertEquals(256, encoder.scratchBytes(), "a small array is kept");
            long[] large = new long[200];
            Arrays.fill(large, Long.MAX_VALUE);
            encoder.encode(schema, new KeepAliveRequest(large, large, large), out);
            assertEquals(0, encoder.scratchBytes(), "1800 bytes of varints exceed max-pooled 1024");
            assertEquals(new PoolStats(0, 1), pool.snapshot(), "the drop is counted");
        } finally {
            out.release();
        }
    }

    @Test
    void streamsValuesLargerThanItsBufferToTheSameBytes() {
        Serializer small = Serializers.create("protostuff", registry, new SerializerOptions(32, 1 << 24, 256, 256));
        List<String> tags = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            tags.add("tag-\u00e9-" + i);
        }
        byte[] data = new byte[100_000];
        Arrays.fill(data, (byte) 7);
        Object value = new UserTypes.KvCommand("k\u4e2d\uD83D\uDD11".repeat(2_000), data, 3, tags);
        for (Object v : List.of(value, Fixtures.named().get("006-InstallRequest"))) {
            byte[] bytes = Payloads.encode(small, v);
            assertArrayEquals(Payloads.encode(serializer, v), bytes, "256-byte buffer vs 4 KiB buffer");
            assertEquals(v, Payloads.decodeHeap(small, registry.idOf(v), bytes));
            assertEquals(v, Payloads.decodeDirect(small, registry.idOf(v), bytes));
        }
    }

    @Test
    void decodesWithoutCopyingThePayload() {
        assumeTrue(AllocationMeter.supported(), "per-thread allocation counting");
        byte[] data = new byte[1 << 20];
        InstallRequest value = new InstallRequest(1, new MemberId("n1"), 2, 3, 1, 0, data, true);
        byte[] payload = Payloads.encode(serializer, value);
        for (int round = 0; round < 2; round++) {
            for (boolean direct : new boolean[] {false, true}) {
                ByteBuf in = direct ? PooledByteBufAllocator.DEFAULT.directBuffer(payload.length)
                        : Unpooled.wrappedBuffer(payload);
                try {
                    in.writerIndex(0).writeBytes(payload);
                    long before = AllocationMeter.allocatedBytes();
                    assertEquals(value, serializer.decode(MessageType.INSTALL_REQUEST.id(), in));
                    long used = AllocationMeter.allocatedBytes() - before;
                    // The byte[] read, and the copy the constructor makes: twice the data. A copy of the payload
                    // would make it three times.
                    // Round 0 also initialises classes on the way.
                    assertTrue(round == 0 || used < 2L * data.length + 256 * 1024, (direct ? "direct" : "heap")
                            + " decode of a " + payload.length + "-byte payload allocated " + used + " bytes");
                } finally {
                    in.release();
                }
            }
        }
    }

    @Test
    void encodesAndDecodesAtTheDeepestNestingAllowed() throws InterruptedException {
        // On its own thread with a 64 MiB stack: how deep the default 1 MiB stack reaches depends on JIT state, and
        // this test is about the depth limit, not about the stack.
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(null, () -> {
            try {
                deepestNestingAllowed();
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "deep", 64L * 1024 * 1024);
        t.start();
        t.join(60_000);
        assertFalse(t.isAlive(), "still running");
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
    }

    private void deepestNestingAllowed() {
        int max = SerializerOptions.MAX_MAX_DEPTH;
        Serializer deep = Serializers.create("protostuff", registry, new SerializerOptions(max,
                SerializerOptions.DEFAULT_MAX_ELEMENTS, SerializerOptions.DEFAULT_BUFFER_BYTES,
                SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES));
        UserTypes.TreeNode atLimit = UserTypes.TreeNode.chain(max);
        byte[] bytes = Payloads.encode(deep, atLimit);
        // Compared by re-encoding: the record's own equals can overflow the stack on a chain this deep.
        Object back = Payloads.decodeHeap(deep, UserTypes.TREE_NODE_ID, bytes);
        assertArrayEquals(bytes, Payloads.encode(deep, back));
        SerializationException e = assertThrows(SerializationException.class,
                () -> Payloads.encode(deep, UserTypes.TreeNode.chain(max + 1)));
        assertTrue(e.getMessage().contains("nesting depth " + (max + 1) + " (expected: <= " + max + ")"),
                e.getMessage());
    }
}
