package io.raftwire.serializer.protostuff;

import io.netty.buffer.ByteBuf;
import io.protostuff.LinkedBuffer;
import io.protostuff.Output;
import io.protostuff.ProtostuffOutput;
import io.protostuff.Schema;
import io.protostuff.WriteSession;
import io.raftwire.serializer.PoolCounters;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.model.Bounds;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/**
 * One thread's encoding state: a {@link LinkedBuffer} of {@code bufferBytes}, a streaming {@link ProtostuffOutput}
 * over it, and a scratch array for packed {@code long[]} fields; all created once per thread and reused, so a
 * steady-state encode allocates nothing (the provider's allocation test checks it for every fixture type; iterating
 * a non-empty {@code Set} allocates its iterator).
 *
 * <p>The encoder is itself the output's stream: whenever the linked buffer fills, protostuff flushes it here and it
 * goes straight into the destination {@link ByteBuf}; what is left is flushed at the end. A payload of any size so
 * costs no {@code byte[]} of its own and is copied once, buffer to {@code ByteBuf}; large {@code byte[]} values are
 * handed through without touching the buffer at all.
 *
 * <p>The linked buffer never grows in place: protostuff only links extra nodes to it while writing a string longer
 * than the buffer, and {@link ProtostuffOutput#clear()} in {@code finally} unlinks them, so what stays pooled is
 * always {@code bufferBytes}. The scratch array grows with the largest {@code long[]} written and is dropped after
 * use once it is larger than {@code maxPooledBufferBytes}.
 *
 * <p>Protostuff does not limit nesting; {@link ModelSchema} finds the encoder behind its output with {@link #of}
 * and calls {@link #enter()} before each nested value.
 *
 * <p>Not thread-safe: confined to one thread by the serializer's thread-local.
 */
final class ProtostuffEncoder extends OutputStream {

    private static final byte[] NO_BYTES = {};

    private final LinkedBuffer buffer;
    private final ProtostuffOutput output;
    private final int maxDepth;
    private final int maxElements;
    private final int maxPayloadBytes;
    private final int bufferBytes;
    private final int maxPooledBufferBytes;
    private final PoolCounters pool;
    private ByteBuf target;
    private byte[] scratch = NO_BYTES;
    private int depth;

    /**
     * @param options buffer sizes and the depth limit
     * @param pool    counts dropped scratch arrays
     */
    ProtostuffEncoder(SerializerOptions options, PoolCounters pool) {
        this.pool = pool;
        this.buffer = LinkedBuffer.allocate(options.bufferBytes());
        this.output = new ProtostuffOutput(buffer, this);
        this.maxDepth = options.maxDepth();
        this.maxElements = options.maxElements();
        this.maxPayloadBytes = options.maxPayloadBytes();
        this.bufferBytes = options.bufferBytes();
        this.maxPooledBufferBytes = options.maxPooledBufferBytes();
    }

    /** The configured max-elements: what decoding accepts in one count or length, refused above at encode. */
    int maxElements() {
        return maxElements;
    }

    /**
     * The encoder whose output {@code out} is.
     *
     * @throws IllegalArgumentException if {@code out} is another output, which would not limit nesting
     */
    static ProtostuffEncoder of(Output out) {
        if (out instanceof WriteSession session && session.out instanceof ProtostuffEncoder encoder) {
            return encoder;
        }
        throw new IllegalArgumentException("output is a " + out.getClass().getName()
                + " (expected: the ProtostuffOutput of a ProtostuffEncoder)");
    }

    /**
     * Appends the payload of {@code value} to {@code out}. On failure part of the payload may have been flushed to
     * {@code out}; the caller restores its writer index.
     *
     * @param schema the schema of the value's type
     * @param value  the value
     * @param out    the destination; owned by the caller
     */
    void encode(Schema<Object> schema, Object value, ByteBuf out) {
        target = out;
        depth = 1;
        try {
            schema.writeTo(output, value);
            LinkedBuffer.writeTo(this, buffer);
        } catch (IOException e) {
            throw new UncheckedIOException("writing to a ByteBuf threw (expected: never)", e);
        } finally {
            output.clear();
            target = null;
            if (scratch.length > maxPooledBufferBytes) {
                scratch = NO_BYTES;
                pool.dropped();
            }
        }
    }

    /**
     * Goes one level deeper, before writing a nested value.
     *
     * @throws IllegalArgumentException if that would exceed {@code maxDepth}
     */
    void enter() {
        if (depth >= maxDepth) {
            throw new IllegalArgumentException("nesting depth " + (depth + 1) + " (expected: <= " + maxDepth + ")");
        }
        Bounds.checkEncodedSize(output.getSize(), maxPayloadBytes);
        depth++;
    }

    /** Comes back up after a nested value. */
    void exit() {
        depth--;
    }

    /** A reused array of at least {@code size} bytes, valid until the next call. */
    byte[] scratch(int size) {
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, bufferBytes)];
        }
        return scratch;
    }

    /** Bytes held by the pooled scratch array (for tests). */
    int scratchBytes() {
        return scratch.length;
    }

    @Override
    public void write(int b) {
        target.writeByte(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        target.writeBytes(b, off, len);
    }
}
