package io.raftwire.bench.handwritten;

import io.netty.buffer.ByteBuf;
import io.raftwire.message.MessageType;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.MalformedPayloadException;

/**
 * A hand-written {@link ByteBuf} codec for every catalog type: the practical speed limit the providers are measured
 * against. Each type has its own code, writing components straight into the buffer (varints, UTF-8 without an
 * intermediate array, length-prefixed arrays, a type id before each polymorphic value) and decoding through the
 * public constructors, so decoded values keep their invariants exactly as the providers' do.
 *
 * <p><b>Not a provider.</b> It is not listed in {@code META-INF/services} and {@link #id()} is 0, outside the
 * providers' 1..127, so it can never appear on a real wire. It supports the catalog ({@link TypeRegistry#catalog()})
 * only: user types would need more hand code, which is the point of the generic providers.
 *
 * <p>The code is split by family: {@link RequestCodec}, {@link ResponseCodec}, {@link EntryCodec} and
 * {@link ValueCodec}, on top of the primitive encodings in {@link Wire}.
 *
 * <p>Stateless and thread-safe; steady-state {@link #encode} allocates nothing. Neither method takes ownership of a
 * buffer.
 */
public final class HandwrittenCodec implements Serializer {

    /** The name used by the benchmarks. */
    public static final String NAME = "handwritten";
    /** Not a provider id: 0 is outside 1..127 on purpose. */
    public static final int ID = 0;
    private static final int FORMAT_VERSION = 1;

    private final TypeRegistry registry = TypeRegistry.catalog();
    private final long fingerprint = registry.fingerprint() * 31 + (NAME + '/' + FORMAT_VERSION).hashCode();

    @Override
    public String name() {
        return NAME;
    }

    /** Returns 0: the hand codec is not a provider and has no wire id. */
    @Override
    public int id() {
        return ID;
    }

    /** The catalog; the hand codec knows no user types. */
    @Override
    public TypeRegistry registry() {
        return registry;
    }

    /** A digest of the catalog registry and this codec's format version; not comparable with providers'. */
    @Override
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public int encode(Object value, ByteBuf out) {
        MessageType type = value == null ? null : CatalogTypes.of(value.getClass());
        if (type == null) {
            throw new SerializationException(NAME, "encode", value == null ? "null" : value.getClass().getName(), -1,
                    -1, "not a catalog type (expected: an instance of a MessageType class)", null);
        }
        int start = out.writerIndex();
        try {
            write(type, value, out);
        } catch (RuntimeException e) {
            out.writerIndex(start);
            throw failure("encode", type, -1, e);
        }
        return out.writerIndex() - start;
    }

    @Override
    public Object decode(int typeId, ByteBuf payload) {
        int size = payload.readableBytes();
        if (typeId < 1 || typeId > MessageType.MAX_RESERVED_ID || registry.find(typeId) == null) {
            payload.skipBytes(size);
            throw new SerializationException(NAME, "decode", "unknown type", typeId, size,
                    "type id is not a catalog id (expected: a MessageType id)", null);
        }
        MessageType type = MessageType.ofId(typeId);
        try {
            Object value = read(type, payload);
            if (payload.isReadable()) {
                throw new MalformedPayloadException(payload.readableBytes() + " bytes left after the value (expected:"
                        + " none)");
            }
            return value;
        } catch (RuntimeException e) {
            payload.readerIndex(payload.writerIndex());
            throw failure("decode", type, size, e);
        }
    }

    private static void write(MessageType type, Object value, ByteBuf out) {
        int id = type.id();
        if (id < MessageType.OPEN_SESSION_RESPONSE.id()) {
            RequestCodec.write(type, value, out);
        } else if (id < MessageType.INITIALIZE_ENTRY.id()) {
            ResponseCodec.write(type, value, out);
        } else if (id < MessageType.MEMBER_ID.id()) {
            EntryCodec.write(type, value, out);
        } else {
            ValueCodec.write(type, value, out);
        }
    }

    private static Object read(MessageType type, ByteBuf in) {
        int id = type.id();
        if (id < MessageType.OPEN_SESSION_RESPONSE.id()) {
            return RequestCodec.read(type, in);
        } else if (id < MessageType.INITIALIZE_ENTRY.id()) {
            return ResponseCodec.read(type, in);
        } else if (id < MessageType.MEMBER_ID.id()) {
            return EntryCodec.read(type, in);
        }
        return ValueCodec.read(type, in);
    }

    private static SerializationException failure(String op, MessageType type, int size, RuntimeException e) {
        String reason = e instanceof MalformedPayloadException ? e.getMessage()
                : e instanceof IndexOutOfBoundsException ? "truncated payload (expected: more bytes): " + e.getMessage()
                : "invalid value: " + e.getMessage();
        return new SerializationException(NAME, op, type.javaType().getSimpleName(), type.id(), size, reason, e);
    }
}
