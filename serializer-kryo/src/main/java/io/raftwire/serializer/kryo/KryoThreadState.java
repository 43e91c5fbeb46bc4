package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import io.raftwire.serializer.PoolCounters;
import io.raftwire.serializer.SerializerOptions;

import java.lang.ref.WeakReference;

/**
 * What one thread reuses for every message: a Kryo, an {@link PayloadOutput} and an {@link Input}, plus the array a
 * direct payload is copied into. Created once per thread per serializer and reused, never per message. A buffer that
 * grew past {@code maxPooledBufferBytes} for one large message is replaced by a fresh one of {@code bufferBytes}
 * after that message, so one snapshot chunk does not pin memory in every thread it passed through.
 *
 * <p>Confined to its thread. {@link #acquire} marks it busy, so that a nested call on the same thread (a constructor
 * that itself serializes) gets its own state instead of clobbering this one.
 */
final class KryoThreadState {

    private static final byte[] EMPTY = new byte[0];

    private final Kryo kryo;
    /**
     * The thread that created this state, the only one that uses it; weakly, so that a state kept by its serializer
     * (see {@code ThreadStates}) does not keep a dead thread.
     */
    private final WeakReference<Thread> owner = new WeakReference<>(Thread.currentThread());
    private final PayloadInput input = new PayloadInput(EMPTY);
    private final int bufferBytes;
    private final int maxPooledBytes;
    private final PoolCounters pool;
    private PayloadOutput output;
    private final int maxElements;
    private byte[] copy;
    private boolean busy;

    KryoThreadState(Kryo kryo, SerializerOptions options, PoolCounters pool) {
        this.kryo = kryo;
        this.pool = pool;
        this.bufferBytes = options.bufferBytes();
        this.maxPooledBytes = options.maxPooledBufferBytes();
        this.maxElements = options.maxElements();
        this.output = new PayloadOutput(bufferBytes, maxElements);
        this.copy = new byte[bufferBytes];
    }

    /** Whether {@code thread} is the one this state belongs to (a final field, so any thread may ask). */
    boolean ownedBy(Thread thread) {
        return owner.get() == thread;
    }

    /** Marks this state in use; returns {@code false} if it already is (a nested call on the same thread). */
    boolean acquire() {
        if (busy) {
            return false;
        }
        busy = true;
        return true;
    }

    /**
     * Ends an encode begun by {@link #acquire}: detaches the output from the caller's buffer and drops an oversized
     * output buffer. An encode uses nothing else, so nothing else is touched (this runs once per message).
     */
    void releaseAfterWrite() {
        busy = false;
        output.downLevel = null;
        output.detach();
        if (output.getBuffer().length > maxPooledBytes) {
            output = new PayloadOutput(bufferBytes, maxElements);
            pool.dropped();
        }
    }

    /** Ends a decode begun by {@link #acquire}: drops an oversized copy array and the reference to the payload. */
    void releaseAfterRead() {
        busy = false;
        input.resolving = null;
        if (copy.length > maxPooledBytes) {
            copy = new byte[bufferBytes];
            pool.dropped();
        }
        input.setBuffer(EMPTY);
    }

    /** This thread's Kryo. */
    Kryo kryo() {
        return kryo;
    }

    /** The output, emptied. */
    PayloadOutput output() {
        output.reset();
        output.directDepth = 0;
        return output;
    }

    /** The input; point it at a payload with {@link Input#setBuffer(byte[], int, int)}. */
    PayloadInput input() {
        input.directDepth = 0;
        return input;
    }

    /** An array of at least {@code length} bytes to copy a direct payload into; grows by doubling. */
    byte[] copyBuffer(int length) {
        if (copy.length < length) {
            copy = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(length, 2L * copy.length))];
        }
        return copy;
    }
}
