package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageDecoder;
import io.netty.util.AttributeKey;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Checks the header of each frame and turns it into a {@link Frame}; never looks inside a payload. It runs after
 * {@code LengthFieldBasedFrameDecoder}, which has already enforced the size limit and stripped the length field:
 *
 * <pre>
 *  ... -&gt; LengthFieldBasedFrameDecoder -&gt; HeaderDecoder -&gt; ...
 *  ByteBuf (one frame from Magic on)       Frame (checked header + payload slice)
 * </pre>
 *
 * Checks, in order: header present, magic, version, flags and kind, kind allowed in this direction, then for message
 * frames that the serializer id is one this node accepts and that the type id is registered, for control frames that
 * the serializer id is 0, for a {@link SchemaFrame} (serializer id 127) that its type and correlation ids are 0; only
 * a handshake handler takes a schema frame. A frame that fails any check raises {@link FrameException}; no payload is decoded (the
 * serializer is never called for a refused serializer id).
 *
 * <p>Once a frame of a channel has been refused, here or by a later handler ({@link #refuseLaterFrames}), every later
 * frame of that channel is dropped unread: the stream cannot be trusted, and the frame decoder before this one may
 * already have split later frames out of the same read and pass them on before the channel closes.
 *
 * <p>{@link Sharable}: one instance per direction per transport; the refusal is noted on the channel.
 */
@Sharable
public final class HeaderDecoder extends MessageToMessageDecoder<ByteBuf> {

    /** Set on a channel once one of its frames was refused. */
    private static final AttributeKey<Boolean> REFUSED = AttributeKey.valueOf(HeaderDecoder.class, "refused");

    private final SerializerSet serializers;
    private final Set<FrameKind> allowedKinds;
    private final String direction;

    /**
     * @param serializers  the serializers this node accepts, and their shared registry
     * @param allowedKinds the frame kinds that may arrive on this kind of connection
     * @param direction    names the connection kind in error messages, for example {@code accepted connection}
     */
    public HeaderDecoder(SerializerSet serializers, Set<FrameKind> allowedKinds, String direction) {
        super(ByteBuf.class);
        this.serializers = serializers;
        this.allowedKinds = EnumSet.copyOf(allowedKinds);
        this.direction = direction;
    }

    /**
     * Drops every later frame of {@code channel} unread, as after a frame this decoder refused: for a refusal made
     * further down the pipeline (a ping with a payload, a second handshake), whose channel is closing just the same.
     * Any thread.
     */
    public static void refuseLaterFrames(Channel channel) {
        channel.attr(REFUSED).set(Boolean.TRUE);
    }

    /**
     * Decodes one frame, unless an earlier frame of the channel was refused (then it is dropped).
     *
     * @param ctx   the context
     * @param frame the frame from Magic on; released by the superclass after this returns
     * @param out   receives one {@link Frame} that holds a retained slice of {@code frame}
     */
    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf frame, List<Object> out) {
        if (ctx.channel().hasAttr(REFUSED)) {
            return; // after a refused frame nothing of this channel is passed on; the superclass releases the frame
        }
        try {
            out.add(decode(frame));
        } catch (FrameException e) {
            refuseLaterFrames(ctx.channel());
            throw e;
        }
    }

    /**
     * Checks the header of one frame whose length field has been stripped.
     *
     * @param frame the frame from Magic on; the caller keeps ownership, its reader index moves to the end
     * @return a frame holding a retained slice of the payload; owned by the caller
     * @throws FrameException if any check fails
     */
    public Frame decode(ByteBuf frame) {
        FrameDescriptor.checkHeaderPresent(frame.readableBytes());
        FrameDescriptor.checkMagic(frame.readUnsignedShort());
        FrameDescriptor.checkVersion(frame.readUnsignedByte());
        int serializerId = frame.readUnsignedByte();
        FrameKind kind = FrameDescriptor.kindOf(frame.readUnsignedByte());
        int typeId = frame.readUnsignedShort();
        long correlationId = frame.readLong();
        checkKind(kind);
        if (SchemaFrame.is(kind, serializerId)) {
            checkSchemaFrame(typeId, correlationId);
        } else if (kind.carriesMessage()) {
            checkSerializer(serializerId);
            checkType(typeId);
        } else if (serializerId != FrameDescriptor.NO_SERIALIZER) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "serializer id = " + serializerId + " on a " + kind
                    + " frame (expected: 0)");
        }
        return new Frame(kind, serializerId, typeId, correlationId, frame.readRetainedSlice(frame.readableBytes()));
    }

    private void checkKind(FrameKind kind) {
        if (!allowedKinds.contains(kind)) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "frame kind = " + kind + " on an " + direction
                    + " (expected: " + allowedKinds.stream().map(Enum::name).collect(Collectors.joining(", "))
                    + ")");
        }
    }

    private static void checkSchemaFrame(int typeId, long correlationId) {
        if (typeId != SchemaFrame.TYPE_ID || correlationId != 0) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "schema frame with type id = " + typeId
                    + " and correlation id = " + correlationId + " (expected: " + SchemaFrame.TYPE_ID + " and 0)");
        }
    }

    private void checkSerializer(int serializerId) {
        if (serializers.accepted(serializerId) == null) {
            throw new FrameException(ErrorCode.SERIALIZER_NOT_ACCEPTED, "serializer id = " + serializerId
                    + " (expected: one of " + serializers.describeAccepted() + ")",
                    "serializer id = " + serializerId + " is not accepted");
        }
    }

    private void checkType(int typeId) {
        if (serializers.registry().find(typeId) == null) {
            throw new FrameException(ErrorCode.UNKNOWN_TYPE, "message type id = " + typeId
                    + " (expected: a type id registered on this node)", "message type id = " + typeId
                    + " is not registered");
        }
    }
}
