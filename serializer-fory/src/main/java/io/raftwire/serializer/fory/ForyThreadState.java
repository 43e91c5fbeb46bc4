package io.raftwire.serializer.fory;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.PoolCounters;
import io.raftwire.serializer.SerializerOptions;

import org.apache.fory.memory.MemoryBuffer;

/**
 * What one thread reuses for every message: a Fory with its serializers, the heap {@link MemoryBuffer} values are
 * encoded into, the {@link MemoryBuffer} pointed at each heap payload, and the {@link Scratch} array. Created once per
 * thread per serializer and reused, never per message. A buffer that grew past {@code maxPooledBufferBytes} for one
 * large message is replaced after that message, so one snapshot chunk does not pin memory in every thread it passed
 * through.
 *
 * <p>Confined to its thread. {@link #acquire} marks it busy, so that a nested call on the same thread (a constructor
 * that itself serializes) gets its own state instead of clobbering this one.
 */
final class ForyThreadState {

    private static final byte[] EMPTY = new byte[0];

    private final ForyTypes types;
    private final Scratch scratch;
    private final MemoryBuffer heapInput = MemoryBuffer.fromByteArray(EMPTY);
    private final int bufferBytes;
    private final int maxPooledBytes;
    private final PoolCounters pool;
    private MemoryBuffer output;
    private boolean busy;

    ForyThreadState(ForySchema schema, SerializerOptions options, PoolCounters pool) {
        this.bufferBytes = options.bufferBytes();
        this.maxPooledBytes = options.maxPooledBufferBytes();
        this.pool = pool;
        this.scratch = new Scratch(bufferBytes, maxPooledBytes);
        this.types = schema.newFory(scratch);
        this.output = MemoryBuffer.newHeapBuffer(bufferBytes);
    }

    /** Marks this state in use; returns {@code false} if it already is (a nested call on the same thread). */
    boolean acquire() {
        if (busy) {
            return false;
        }
        busy = true;
        return true;
    }

    /** Ends a use begun by {@link #acquire}: drops oversized buffers and the reference to the last payload. */
    void release() {
        busy = false;
        if (output.size() > maxPooledBytes) {
            output = MemoryBuffer.newHeapBuffer(bufferBytes);
            pool.dropped();
        }
        if (scratch.trim()) {
            pool.dropped();
        }
        heapInput.pointTo(EMPTY, 0, 0);
        heapInput.readerIndex(0);
    }

    /** This thread's Fory and serializers. */
    ForyTypes types() {
        return types;
    }

    /** The encode buffer, emptied. Always on the heap. */
    MemoryBuffer output() {
        output.writerIndex(0);
        return output;
    }

    /**
     * A {@link MemoryBuffer} over exactly {@code length} bytes of {@code payload} from {@code start}, reading the
     * payload's memory in place where it is one region: the backing array of a heap buffer, or the address of a direct
     * one ({@code MemoryBuffer.fromByteBuffer}, which allocates the small wrapper objects but copies nothing). Only a
     * payload made of several regions (a composite buffer) is copied, once, into the thread's {@link Scratch}.
     */
    MemoryBuffer input(ByteBuf payload, int start, int length) {
        if (payload.hasArray()) {
            return point(payload.array(), payload.arrayOffset() + start, length);
        }
        if (payload.nioBufferCount() == 1) {
            return MemoryBuffer.fromByteBuffer(payload.nioBuffer(start, length));
        }
        byte[] copy = scratch.atLeast(length);
        payload.getBytes(start, copy, 0, length);
        return point(copy, 0, length);
    }

    private MemoryBuffer point(byte[] array, int offset, int length) {
        heapInput.pointTo(array, offset, length);
        heapInput.readerIndex(0);
        return heapInput;
    }
}
