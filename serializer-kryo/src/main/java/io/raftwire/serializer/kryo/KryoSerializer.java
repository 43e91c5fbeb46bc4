package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.io.Input;
import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractSerializer;
import io.raftwire.serializer.PayloadDecoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.ThreadStates;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.Schema;

import java.util.function.IntFunction;

/**
 * The Kryo serializer: the layout of {@link KryoSerializerProvider}, with per-thread Kryo state in a
 * {@link ThreadStates} owned by this instance (a {@code FastThreadLocal} and a weak-reference read per call).
 *
 * <p><b>Encode</b> writes into the thread's own growable {@code byte[]} and then copies it into {@code out} with one
 * {@link ByteBuf#writeBytes(byte[], int, int)}: measured no slower than writing through a {@code ByteBuffer} view of
 * the destination ({@code docs/library-behaviour.md} §1 P-K1). Byte arrays of 1 KiB and more skip the array: they are
 * written into {@code out} directly, after what the array held before them ({@link PayloadOutput#attach}). A failed
 * encode may have written into {@code out}; {@code AbstractSerializer} resets its writer index.
 *
 * <p><b>Decode</b> of a heap payload reads the backing array in place (offset = {@code arrayOffset + readerIndex}),
 * without a copy. A direct (or composite) payload is copied once into the thread's reusable array, because the string
 * and byte-array readers decode straight from a {@code byte[]}, and Kryo's {@code ByteBufferInput} reads through
 * {@code ByteBuffer.get} byte by byte (measured no faster than a heap buffer plus one copy,
 * {@code docs/library-behaviour.md} §1 P-K1). The copy is a small share of a small message's decode and vanishes
 * in a large one's.
 *
 * <p>Thread-safe; steady-state encode allocates nothing (iterating a {@code Set} component allocates its iterator,
 * and a set of a class not known to be equals-based is copied for {@code Elements.requireDistinct}).
 * Each instance keeps one Kryo state in every thread that used it, while both live ({@link ThreadStates}), so create
 * one serializer per node and share it, not one per connection or message. The state of the first thread that used the instance is also kept in a field, checked by
 * thread identity before the thread-local: on a thread that is not Netty's, where the thread-local is a hash
 * lookup, that saves a hash lookup on every encode of a small message. That field is written once, so threads never contend on
 * it; it keeps that one state for as long as the instance lives.
 */
final class KryoSerializer extends AbstractSerializer {

    private final KryoSchema schema;
    private final ThreadStates<KryoThreadState> state;
    /** The state of the first thread that used this instance (see the class comment), or null. */
    private KryoThreadState first;

    KryoSerializer(SerializerProvider provider, TypeRegistry registry, SerializerOptions options) {
        super(provider, registry, options);
        this.schema = new KryoSchema(registry, options);
        this.state = new ThreadStates<>(this::newState);
    }

    @Override
    protected void write(TypeModel model, Object value, ByteBuf out) {
        KryoThreadState s = acquire();
        try {
            PayloadOutput o = s.output();
            o.attach(out);
            schema.of(model).writePayload(s.kryo(), o, value);
            o.drain();
        } finally {
            s.releaseAfterWrite();
        }
    }

    @Override
    protected Object read(TypeModel model, ByteBuf payload) {
        return read(model, payload, null);
    }

    /** Reads one payload; with {@code resolving}, every value of a changed type through its resolved type. */
    private Object read(TypeModel model, ByteBuf payload, IntFunction<ResolvedType> resolving) {
        KryoThreadState s = acquire();
        try {
            int start = payload.readerIndex();
            int length = payload.readableBytes();
            byte[] array;
            int offset;
            if (payload.hasArray()) {
                array = payload.array();
                offset = payload.arrayOffset() + start;
            } else {
                array = s.copyBuffer(length);
                payload.getBytes(start, array, 0, length);
                offset = 0;
            }
            PayloadInput in = s.input();
            in.setBuffer(array, offset, length);
            in.resolving = resolving;
            Object value = schema.of(model).readDirect(s.kryo(), in);
            payload.readerIndex(start + in.position() - offset);
            return value;
        } finally {
            s.releaseAfterRead();
        }
    }

    /**
     * Decodes a payload written with another schema into this serializer's types: {@link #decode}'s checks, the
     * payload's own value and every nested value of a changed type read through its resolved type ({@code resolving}
     * of the type id; null for an unchanged type, read with today's codec), at the depths today's path counts.
     */
    Object decodeResolving(int typeId, ByteBuf payload, IntFunction<ResolvedType> resolving) {
        return decodeWith(typeId, payload, (model, p) -> read(model, p, resolving));
    }

    /**
     * Encodes a value of this serializer's types in an older schema: {@link #encode}'s checks, the payload's own value
     * and every nested one written by {@code routes} (a changed type's target components in the target's order,
     * through the type's serializer), at the depths today's path counts.
     */
    int encodeDownLevel(Object value, ByteBuf out, DownLevelRoutes routes) {
        return encodeWith(value, out, (model, v, buf) -> writeDownLevel(model, routes, v, buf));
    }

    private void writeDownLevel(TypeModel model, DownLevelRoutes routes, Object value, ByteBuf out) {
        KryoThreadState s = acquire();
        try {
            PayloadOutput o = s.output();
            o.attach(out);
            o.downLevel = routes;
            schema.of(model).writePayload(s.kryo(), o, value);
            o.drain();
        } finally {
            s.releaseAfterWrite();
        }
    }

    /** The configured bound on elements and string/array lengths. */
    int maxElements() {
        return options().maxElements();
    }

    /** The per-type Kryo serializers of this instance. */
    KryoSchema schema() {
        return schema;
    }

    /** The calling thread's reusable state (for tests of pooling). */
    KryoThreadState threadState() {
        return state.get();
    }

    /** This thread's state, or a fresh one for a call nested inside another on the same thread. */
    private KryoThreadState acquire() {
        KryoThreadState s = first;
        if (s == null || !s.ownedBy(Thread.currentThread())) {
            s = state.get();
            if (first == null) {
                first = s;
            }
        }
        if (s.acquire()) {
            return s;
        }
        KryoThreadState nested = newState();
        nested.acquire();
        return nested;
    }

    private KryoThreadState newState() {
        poolCounters().created();
        return new KryoThreadState(schema.newKryo(), options(), poolCounters());
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #decode} itself (today's code path); any other builds a
     * {@link KryoResolvingDecoder} once.
     */
    @Override
    public PayloadDecoder decoderFor(Schema writer) {
        return isOwnSchema(writer) ? this::decode : KryoResolvingDecoder.create(writer, this)::decode;
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #encode} itself (today's code path and bytes); any other builds a
     * {@link KryoDownLevelEncoder} once.
     */
    @Override
    public PayloadEncoder encoderFor(Schema target) {
        return isOwnSchema(target) ? this::encode : KryoDownLevelEncoder.create(target, this)::encode;
    }
}
