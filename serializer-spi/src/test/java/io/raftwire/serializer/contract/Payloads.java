package io.raftwire.serializer.contract;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;

/** Byte-array conveniences over the {@link io.netty.buffer.ByteBuf} API, for tests. Every buffer is released. */
public final class Payloads {

    private Payloads() {
    }

    /** Encodes into a pooled direct buffer and returns the bytes. */
    public static byte[] encode(Serializer serializer, Object value) {
        return encode(serializer, value, PooledByteBufAllocator.DEFAULT, true);
    }

    /** Encodes into a buffer of the given allocator (direct or heap) and returns the bytes. */
    public static byte[] encode(Serializer serializer, Object value, ByteBufAllocator alloc, boolean direct) {
        ByteBuf out = direct ? alloc.directBuffer(256) : alloc.heapBuffer(256);
        try {
            int written = serializer.encode(value, out);
            if (written != out.readableBytes()) {
                throw new AssertionError("encode returned " + written + " but wrote " + out.readableBytes());
            }
            byte[] bytes = new byte[out.readableBytes()];
            out.readBytes(bytes);
            return bytes;
        } finally {
            out.release();
        }
    }

    /** Decodes from a heap buffer wrapping {@code bytes}. */
    public static Object decodeHeap(Serializer serializer, int typeId, byte[] bytes) {
        ByteBuf in = Unpooled.wrappedBuffer(bytes);
        try {
            return serializer.decode(typeId, in);
        } finally {
            in.release();
        }
    }

    /** Decodes from a pooled direct buffer holding a copy of {@code bytes}, at a non-zero reader index. */
    public static Object decodeDirect(Serializer serializer, int typeId, byte[] bytes) {
        ByteBuf in = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length + 3);
        try {
            in.writeBytes(new byte[] {9, 9, 9}).writeBytes(bytes).skipBytes(3);
            return serializer.decode(typeId, in);
        } finally {
            in.release();
        }
    }
}
