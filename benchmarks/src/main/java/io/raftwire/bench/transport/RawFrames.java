package io.raftwire.bench.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.bench.Codecs;
import io.raftwire.serializer.Serializer;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.SerializerSet;

/**
 * The frames of the raw echo: the request and response of a {@link MessagePair}, encoded once by a real serializer
 * at construction, then framed for every call with {@link FrameWriter#raw} (same header, same allocator, same copy
 * into a fresh pooled I/O buffer as {@link FrameWriter#message}, minus the serializer).
 *
 * <p>Thread-safe: the pre-encoded payloads are heap buffers that are only read (absolute reads, indices untouched).
 */
final class RawFrames {

    private final FrameWriter writer;
    private final SerializerSet serializers;
    private final int serializerId;
    private final int requestTypeId;
    private final int responseTypeId;
    private final ByteBuf requestPayload;
    private final ByteBuf responsePayload;

    /**
     * @param serializer    the provider whose bytes are echoed
     * @param allocator     where frames are allocated (the transport's: the pooled allocator)
     * @param maxFrameBytes the transport's {@code max-frame-bytes}
     */
    RawFrames(String serializer, MessagePair pair, ByteBufAllocator allocator, int maxFrameBytes) {
        Serializer codec = Codecs.create(serializer);
        this.writer = new FrameWriter(allocator, maxFrameBytes);
        this.serializers = SerializerSet.of(codec);
        this.serializerId = codec.id();
        this.requestTypeId = pair.requestType().id();
        this.responseTypeId = pair.responseType().id();
        this.requestPayload = encode(codec, pair.request());
        this.responsePayload = encode(codec, pair.response());
    }

    private static ByteBuf encode(Serializer codec, Object message) {
        ByteBuf scratch = Unpooled.buffer(4096);
        try {
            codec.encode(message, scratch);
            byte[] bytes = new byte[scratch.readableBytes()];
            scratch.readBytes(bytes);
            return Unpooled.wrappedBuffer(bytes);
        } finally {
            scratch.release();
        }
    }

    /** The serializers the header decoders accept: the one whose bytes are echoed. */
    SerializerSet serializers() {
        return serializers;
    }

    /** A request frame with this correlation id; owned by the caller. */
    ByteBuf request(long correlationId) {
        return writer.raw(FrameKind.REQUEST, serializerId, requestTypeId, correlationId, requestPayload);
    }

    /** A response frame with this correlation id; owned by the caller. */
    ByteBuf response(long correlationId) {
        return writer.raw(FrameKind.RESPONSE, serializerId, responseTypeId, correlationId, responsePayload);
    }

    /** Payload bytes of the request and of the response. */
    int[] payloadBytes() {
        return new int[] {requestPayload.readableBytes(), responsePayload.readableBytes()};
    }
}
