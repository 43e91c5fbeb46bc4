package io.raftwire.transport.netty.testkit;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A hand-written serializer for {@link Echo} and {@link Blob} only, so transport tests need no real provider. It counts
 * {@link #decode} calls, to prove that refused frames never reach a serializer. Payloads:
 * Echo = int64 n, u16 length, UTF-8 text; Blob = int64 n, int32 length, bytes. Thread-safe.
 */
public final class FakeSerializer implements Serializer {

    private final int id;
    private final String name;
    private final TypeRegistry registry;
    private final AtomicInteger decodeCalls = new AtomicInteger();

    /**
     * @param id       the wire id to claim (1..127)
     * @param name     the name to claim
     * @param registry must contain {@link Echo} and {@link Blob}
     */
    public FakeSerializer(int id, String name, TypeRegistry registry) {
        this.id = id;
        this.name = name;
        this.registry = registry;
    }

    /** A fake with id 1, named {@code fake}, over {@link TestTypes#registry()}. */
    public static FakeSerializer standard() {
        return new FakeSerializer(1, "fake", TestTypes.registry());
    }

    /** How many times {@link #decode} was called. */
    public int decodeCalls() {
        return decodeCalls.get();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public TypeRegistry registry() {
        return registry;
    }

    @Override
    public long fingerprint() {
        return registry.fingerprint() * 31 + id;
    }

    @Override
    public int encode(Object value, ByteBuf out) {
        int start = out.writerIndex();
        if (value instanceof Echo e) {
            out.writeLong(e.n());
            byte[] text = e.text().getBytes(StandardCharsets.UTF_8);
            out.writeShort(text.length);
            out.writeBytes(text);
        } else if (value instanceof Blob b) {
            out.writeLong(b.n());
            out.writeInt(b.data().length);
            out.writeBytes(b.data());
        } else {
            throw new SerializationException(name, "encode", value.getClass().getSimpleName(), -1, -1,
                    "the fake serializer knows Echo and Blob only", null);
        }
        return out.writerIndex() - start;
    }

    @Override
    public Object decode(int typeId, ByteBuf payload) {
        decodeCalls.incrementAndGet();
        int size = payload.readableBytes();
        TypeModel model = registry.find(typeId);
        try {
            if (model != null && model.javaType() == Echo.class) {
                long n = readLong(payload);
                int length = readLength(payload, payload.isReadable(2) ? payload.readUnsignedShort() : -1);
                String text = payload.readCharSequence(length, StandardCharsets.UTF_8).toString();
                return done(payload, new Echo(n, text));
            }
            if (model != null && model.javaType() == Blob.class) {
                long n = readLong(payload);
                int length = readLength(payload, payload.isReadable(4) ? payload.readInt() : -1);
                byte[] data = new byte[length];
                payload.readBytes(data);
                return done(payload, new Blob(n, data));
            }
            throw new IllegalArgumentException("type id " + typeId + " (expected: Echo or Blob)");
        } catch (RuntimeException e) {
            payload.readerIndex(payload.writerIndex());
            throw new SerializationException(name, "decode", model == null ? "unknown type" : model.name(), typeId,
                    size, e.getMessage(), e);
        }
    }

    private static long readLong(ByteBuf in) {
        if (!in.isReadable(8)) {
            throw new IllegalArgumentException("truncated number");
        }
        return in.readLong();
    }

    private static int readLength(ByteBuf in, int length) {
        if (length < 0 || length > in.readableBytes()) {
            throw new IllegalArgumentException("length " + length + " (expected: <= " + in.readableBytes()
                    + " remaining)");
        }
        return length;
    }

    private static Object done(ByteBuf in, Object value) {
        if (in.isReadable()) {
            throw new IllegalArgumentException(in.readableBytes() + " trailing bytes");
        }
        return value;
    }
}
