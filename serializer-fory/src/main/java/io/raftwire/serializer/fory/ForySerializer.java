package io.raftwire.serializer.fory;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractSerializer;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.PayloadDecoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.ThreadStates;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.Schema;

import java.io.IOException;

import org.apache.fory.context.ReadContext;
import org.apache.fory.context.WriteContext;
import org.apache.fory.memory.MemoryBuffer;

/**
 * The Fory serializer: the layout of {@link ForySerializerProvider}, with per-thread Fory state in
 * {@link ThreadStates} owned by this instance (a {@code FastThreadLocal} read and a weak-reference read per call).
 *
 * <p><b>Encode</b> writes into the thread's own heap {@link MemoryBuffer} through Fory's {@link WriteContext} and then
 * copies it into {@code out} with one {@link ByteBuf#writeBytes(byte[], int, int)}, so the destination is only
 * touched once the value is fully encoded (the kryo provider measured this no slower than writing through a view of
 * the destination).
 *
 * <p><b>Decode</b> reads the payload in place, heap or direct, without copying it ({@link ForyThreadState#input});
 * only a composite payload is copied once.
 *
 * <p>Thread-safe; steady-state encode allocates nothing (iterating a {@code Set} component allocates its iterator,
 * and a set of a class not known to be equals-based is copied for {@code Elements.requireDistinct}).
 * Each instance keeps one Fory state (a few hundred KB) in every thread that used it, while both live, so create one
 * serializer per node and share it, not one per connection or message.
 */
final class ForySerializer extends AbstractSerializer {

    private final ForySchema schema;
    private final ThreadStates<ForyThreadState> state;

    ForySerializer(SerializerProvider provider, TypeRegistry registry, SerializerOptions options) {
        super(provider, registry, options);
        this.schema = new ForySchema(registry, options);
        this.state = new ThreadStates<>(this::newState);
        // Builds this thread's state now: the first Fory of a JVM initialises Fory's classes, which takes seconds on a
        // loaded machine (far longer than the kryo provider's first state) and belongs at start-up, not in the first
        // message of an event loop. Every later thread pays only for its own Fory.
        state.get();
    }

    @Override
    protected void write(TypeModel model, Object value, ByteBuf out) {
        ForyThreadState s = acquire();
        try {
            MemoryBuffer buffer = s.output();
            WriteContext ctx = s.types().fory().getWriteContext();
            ctx.prepare(buffer, null);
            try {
                s.types().of(model).write(ctx, value);
            } finally {
                ctx.reset();
            }
            int length = buffer.writerIndex();
            out.writeBytes(buffer.getHeapMemory(), buffer._unsafeHeapWriterIndex() - length, length);
        } finally {
            s.release();
        }
    }

    /**
     * Encodes a value of this serializer's types in an older schema: {@link #encode}'s checks, the payload written by
     * {@code steps} (the target's components in its order) through the type's serializer, at the depth the type's
     * serializer counts for the payload's own value.
     */
    int encodeDownLevel(Object value, ByteBuf out, DownLevelSteps steps) {
        return encodeWith(value, out, (model, v, buf) -> writeDownLevel(steps, v, buf));
    }

    private void writeDownLevel(DownLevelSteps steps, Object value, ByteBuf out) {
        ForyThreadState s = acquire();
        try {
            MemoryBuffer buffer = s.output();
            WriteContext ctx = s.types().fory().getWriteContext();
            ctx.prepare(buffer, null);
            try {
                int depth = ctx.getDepth() + 1;
                Bounds.checkDepth(depth, options().maxDepth());
                ctx.setDepth(depth);
                steps.write(s.types().of(steps.model()), ctx, buffer, value);
            } catch (IOException e) {
                throw new IllegalStateException("a Fory write threw an IOException, which it never does", e);
            } finally {
                ctx.reset();
            }
            int length = buffer.writerIndex();
            out.writeBytes(buffer.getHeapMemory(), buffer._unsafeHeapWriterIndex() - length, length);
        } finally {
            s.release();
        }
    }

    @Override
    protected Object read(TypeModel model, ByteBuf payload) {
        return read(model, null, payload);
    }

    /**
     * Decodes a payload written with another schema into this serializer's types: {@link #decode}'s checks, the value
     * read by {@code resolved} (its plan for the payload's type) instead of the type's serializer.
     */
    Object decodeResolved(int typeId, ByteBuf payload, ResolvedType resolved) {
        return decodeWith(typeId, payload, (model, p) -> read(model, resolved, p));
    }

    /** Reads one value of {@code model}, by its serializer or, if not null, by {@code resolved}. */
    private Object read(TypeModel model, ResolvedType resolved, ByteBuf payload) {
        ForyThreadState s = acquire();
        try {
            int start = payload.readerIndex();
            int length = payload.readableBytes();
            MemoryBuffer in = s.input(payload, start, length);
            ReadContext ctx = s.types().fory().getReadContext();
            ctx.prepare(in, null, false);
            Object value;
            try {
                value = resolved == null ? s.types().of(model).read(ctx) : resolved.read(s.types(), ctx);
            } catch (IndexOutOfBoundsException e) {
                // a truncation the walk could not name (it names every component it reads)
                throw Bounds.truncated("the " + length + "-byte payload");
            } finally {
                ctx.reset();
            }
            payload.readerIndex(start + in.readerIndex());
            return value;
        } finally {
            s.release();
        }
    }

    /** The configured bound on elements and string/array lengths. */
    int maxElements() {
        return options().maxElements();
    }

    /** The configured nesting limit. */
    int maxDepth() {
        return options().maxDepth();
    }

    /** The calling thread's reusable state (for tests of pooling). */
    ForyThreadState threadState() {
        return state.get();
    }

    /** This thread's state, or a fresh one for a call nested inside another on the same thread. */
    private ForyThreadState acquire() {
        ForyThreadState s = state.get();
        if (s.acquire()) {
            return s;
        }
        ForyThreadState nested = newState();
        nested.acquire();
        return nested;
    }

    private ForyThreadState newState() {
        poolCounters().created();
        return new ForyThreadState(schema, options(), poolCounters());
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #decode} itself (today's code path); any other builds a
     * {@link ForyResolvingDecoder} once.
     */
    @Override
    public PayloadDecoder decoderFor(Schema writer) {
        return isOwnSchema(writer) ? this::decode : ForyResolvingDecoder.create(writer, this)::decode;
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #encode} itself (today's code path and bytes); any other builds a
     * {@link ForyDownLevelEncoder} once.
     */
    @Override
    public PayloadEncoder encoderFor(Schema target) {
        return isOwnSchema(target) ? this::encode : ForyDownLevelEncoder.create(target, this)::encode;
    }
}
