package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.SchemaFrame;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.util.List;

/**
 * Decodes the payload of message frames with the serializer named in the header (already checked by
 * {@code HeaderDecoder}) and emits an {@link Envelope}; control frames and schema frames ({@link SchemaFrame}) pass
 * through untouched. A payload that fails
 * to decode becomes a failed envelope, so that the request can be answered with an error (the connection stays up:
 * the framing is intact).
 *
 * <p>Stateless and {@link Sharable}.
 */
@Sharable
final class PayloadDecoder extends MessageToMessageDecoder<Frame> {

    private final SerializerSet serializers;
    private final MetricsRecorder metrics;

    PayloadDecoder(SerializerSet serializers, MetricsRecorder metrics) {
        super(Frame.class);
        this.serializers = serializers;
        this.metrics = metrics;
    }

    @Override
    public boolean acceptInboundMessage(Object msg) {
        return msg instanceof Frame f && f.kind().carriesMessage() && !SchemaFrame.is(f);
    }

    /**
     * Decodes one message frame.
     *
     * @param frame the frame; released by the superclass after this returns (nothing retains its payload)
     */
    @Override
    protected void decode(ChannelHandlerContext ctx, Frame frame, List<Object> out) {
        Serializer serializer = serializers.accepted(frame.serializerId());
        int frameBytes = frame.payload().readableBytes() + FrameDescriptor.HEADER_LENGTH;
        long start = System.nanoTime();
        try {
            Object message = serializer.decode(frame.typeId(), frame.payload());
            metrics.received(frame.typeId(), frameBytes, System.nanoTime() - start);
            out.add(Envelope.decoded(frame, message));
        } catch (RuntimeException e) {
            // The SPI promises SerializationException only; anything else from a provider is a bug, reported alike.
            metrics.decodeFailed(frame.typeId());
            out.add(Envelope.failed(frame, e));
        }
    }
}
