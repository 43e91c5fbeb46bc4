package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import io.raftwire.transport.netty.codec.HandshakeCheck.Problem;
import io.raftwire.transport.netty.codec.LocalSchema;
import io.raftwire.transport.netty.codec.SchemaDifferences;
import io.raftwire.transport.netty.codec.SchemaFrame;
import io.raftwire.transport.netty.codec.SchemaMarker;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The connecting side of the handshake. On connect it sends {@link FrameKind#HELLO}; the answer must be
 * {@link FrameKind#WELCOME} from the expected member with matching cluster, registry and serializers (see
 * {@link HandshakeCheck#checkWelcome}) and, with TLS, a server certificate that names that member
 * ({@link MemberPolicy#checkAnswer}); or an error frame saying which of the peer's checks failed (the peer's log has
 * the detail). The outcome completes the
 * {@code result} future (on the event loop) exactly once; on success it records the peer's max-frame-bytes on the
 * channel, adapts the ping interval to the peer's idle timeout ({@link Pipelines#agreeOnIdle}) and removes itself.
 * When this side
 * refuses, the peer is told with an error frame too.
 *
 * <p>A peer whose registry differs may answer with its schema ({@link SchemaFrame}) instead. This side then asks its
 * {@link io.raftwire.transport.SchemaGate} ({@link PeerSchemaGate}, on the event loop):
 * <ul>
 *   <li>it accepts: this side answers with its own schema and awaits the peer's decision, WELCOME (the connection
 *       proceeds; the registry check is waived and the sending serializer is checked by id and name, see
 *       {@link HandshakeCheck#withAcceptedSchemas}) or an error frame (the peer's gate refused: {@code result} fails
 *       listing every difference ({@link SchemaDifferences}) and the peer's error, which carries its gate's
 *       reason);</li>
 *   <li>it refuses: this side sends an error frame with the gate's reason, then its schema (so that the peer can list
 *       the differences too), closes, and fails {@code result} listing every difference and the reason.</li>
 * </ul>
 *
 * <p>One instance per channel (it holds the timeout and the result).
 */
final class ClientHandshakeHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ClientHandshakeHandler.class);

    private final TransportContext context;
    private final String peerId;
    private final Handshake local;
    private final CompletableFuture<Handshake> result;
    private ScheduledFuture<?> timeout;
    /**
     * Once this side's gate accepted the peer's schema and it sent its own: every difference of the two schemas
     * while it awaits the peer's decision; {@code null} before.
     */
    private SchemaDifferences accepted;
    /** The digest of the schema the peer sent, once {@link #accepted} is set. */
    private long acceptedDigest;

    /**
     * @param context the transport
     * @param peerId  the member id this connection must reach
     * @param lane    which lane this connection is
     * @param result  completed with the peer's WELCOME, or failed with a {@link TransportException}
     */
    ClientHandshakeHandler(TransportContext context, String peerId, Handshake.Lane lane,
            CompletableFuture<Handshake> result) {
        this.context = context;
        this.peerId = peerId;
        this.local = context.handshake(peerId, lane);
        this.result = result;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        int ms = context.settings().handshakeTimeoutMs();
        timeout = ctx.executor().schedule(() -> fail(ctx, new TransportException(Reason.UNREACHABLE, peerId,
                "no handshake answer from " + peerId + " within " + ms + " ms (expected: WELCOME within"
                        + " handshake-timeout-ms)", null)), ms, TimeUnit.MILLISECONDS);
        BoundedFrameDecoder.allowSchemaFrame(ctx.pipeline()); // the peer may answer with its schema
        ctx.writeAndFlush(context.writer().handshake(FrameKind.HELLO, local));
        ctx.fireChannelActive();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        String reason = ctx.channel().attr(ChannelAttributes.CLOSE_REASON).get();
        fail(ctx, new TransportException(Reason.UNREACHABLE, peerId, "connection to " + peerId
                + " closed during the handshake" + (reason == null ? "" : ": " + reason), null));
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (timeout != null) {
            timeout.cancel(false);
        }
    }

    /**
     * Handles the answer to HELLO.
     *
     * @param msg a {@link Frame}, released here; anything else is passed on
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof Frame frame)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (result.isDone()) {
            // the handshake failed (success removes this handler): nothing more this peer sent is read, so a
            // refused peer's WELCOME or messages in the same read never authenticate or reach a handler
            frame.release();
            return;
        }
        try {
            if (frame.kind() == FrameKind.ERROR) {
                refusedByPeer(ctx, ErrorPayload.readFrom(frame.payload()));
            } else if (frame.kind() == FrameKind.WELCOME) {
                welcome(ctx, Handshake.readFrom(frame.payload()));
            } else if (SchemaFrame.is(frame) && accepted != null) {
                throw new FrameException(ErrorCode.PROTOCOL_ERROR, "a second schema frame (expected: WELCOME or ERROR"
                        + " after the schema exchange)");
            } else if (SchemaFrame.is(frame)) {
                peerSchema(ctx, frame);
            } else {
                throw new FrameException(ErrorCode.PROTOCOL_ERROR, "frame kind = " + frame.kind()
                        + " before the handshake completed (expected: WELCOME, ERROR or a schema frame)");
            }
        } catch (FrameException e) {
            // ChannelErrorHandler tells the peer and closes.
            result.completeExceptionally(new TransportException(Reason.PROTOCOL_ERROR, peerId, "handshake with "
                    + peerId + " failed: " + e.getMessage(), e));
            throw e;
        } finally {
            frame.release();
        }
    }

    private void welcome(ChannelHandlerContext ctx, Handshake welcome) {
        List<Problem> problems = new ArrayList<>(HandshakeCheck.checkWelcome(local, peerId, welcome));
        problems.addAll(context.members().checkAnswer(peerId, ctx.channel()));
        if (accepted != null) {
            problems = HandshakeCheck.withAcceptedSchemas(problems, local.nodeId(), local.sendSerializerId(), local,
                    welcome, welcome.nodeId() + " accepts");
            problems.addAll(HandshakeCheck.serializerFormat(welcome, local.sendSerializerId(), context.serializers()
                    .fingerprintOver(local.sendSerializerId(), welcome.registryFingerprint())));
            Handshake.SerializerInfo marker = SchemaMarker.find(welcome);
            if (marker == null || marker.fingerprint() != acceptedDigest) {
                problems.add(new Problem(HandshakeCheck.REGISTRY, "schema digest in the WELCOME = "
                        + (marker == null ? "none" : String.format("%016x", marker.fingerprint())) + " (expected: "
                        + String.format("%016x", acceptedDigest) + ", the digest of the schema " + peerId
                        + " sent)"));
            }
        }
        if (!problems.isEmpty()) {
            refuse(ctx, problems);
            return;
        }
        ChannelAttributes.peerSchemaDigest(ctx.channel(), welcome);
        if (accepted != null) {
            GatedSerializerFilter.install(ctx.pipeline(), local.sendSerializerId());
            LOG.info("{} connected to {} whose schema differs ({} differences; both schema gates accepted)",
                    ctx.channel(), peerId, accepted.compatible().size() + accepted.refused().size());
        }
        ctx.channel().attr(ChannelAttributes.CALLER).set(context.members().serverOf(peerId, ctx.channel()));
        ctx.channel().attr(ChannelAttributes.AUTHENTICATED).set(Boolean.TRUE);
        BoundedFrameDecoder.trust(ctx.pipeline());
        ctx.channel().attr(ChannelAttributes.PEER_MAX_FRAME_BYTES).set(welcome.maxFrameBytes());
        Pipelines.agreeOnIdle(ctx.pipeline(), context.settings().idleTimeoutMs(), welcome.idleTimeoutMs());
        ctx.pipeline().remove(this);
        result.complete(welcome);
    }

    /** Refuses the peer's answer: logs every detail here (through the lane), tells the peer which checks failed. */
    private void refuse(ChannelHandlerContext ctx, List<Problem> problems) {
        String reason = PeerText.escape(HandshakeCheck.details(problems))
                + (accepted == null ? "" : "; " + accepted.message());
        context.metrics().handshakeRefusals.increment();
        context.metrics().errorsSent.increment();
        ChannelAttributes.closeReason(ctx.channel(), reason);
        result.completeExceptionally(new TransportException(Reason.HANDSHAKE_REFUSED, peerId, "handshake with "
                + peerId + " refused by this node: " + reason, null));
        ctx.writeAndFlush(context.writer().error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED,
                HandshakeCheck.peerMessage(problems)))).addListener(ChannelFutureListener.CLOSE);
    }

    /**
     * The peer answered HELLO with its schema: its registry differs from this node's (the only check it failed) and
     * their schema digests differ. With TLS, the server certificate is checked first: the schema goes only to the
     * member this node meant to reach. Then this node asks its gate: if it accepts, this node answers with its own
     * schema and awaits the peer's WELCOME or refusal; if it refuses, this node sends an error frame with the gate's
     * reason and then its schema, closes, and fails {@code result} with every difference (each escaped on its own)
     * and the reason.
     */
    private void peerSchema(ChannelHandlerContext ctx, Frame frame) {
        List<Problem> problems = context.members().checkAnswer(peerId, ctx.channel());
        if (!problems.isEmpty()) {
            refuse(ctx, problems);
            return;
        }
        Schema theirs = SchemaFrame.read(frame.payload());
        LocalSchema ours = context.serializers().schema();
        SchemaDifferences differences = SchemaDifferences.between(peerId, ours.schema(), theirs);
        String gate = context.schemaGate().refusal(ours.schema(), theirs);
        ByteBuf answer = null;
        String notSent = null;
        try {
            answer = context.writer().schema(ours);
        } catch (FrameException tooLarge) {
            notSent = PeerText.escape(tooLarge.getMessage());
        }
        if (gate == null && answer != null) {
            accepted = differences;
            acceptedDigest = theirs.digest();
            ctx.writeAndFlush(answer);
            return;
        }
        String reason = differences.message() + (gate != null ? " refused by this node's schema gate: " + gate
                : " this node's schema was not sent: " + notSent);
        context.metrics().handshakeRefusals.increment();
        context.metrics().errorsSent.increment();
        ChannelAttributes.closeReason(ctx.channel(), reason);
        result.completeExceptionally(new TransportException(Reason.HANDSHAKE_REFUSED, peerId, "handshake with "
                + peerId + " refused by both: " + reason, null));
        ByteBuf error = context.writer().error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED,
                "failed checks: " + HandshakeCheck.REGISTRY + (gate == null ? "" : "; schema gate: " + gate)));
        if (answer == null) {
            ctx.writeAndFlush(error).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.write(error);
        ctx.writeAndFlush(answer).addListener(ChannelFutureListener.CLOSE);
    }

    private void refusedByPeer(ChannelHandlerContext ctx, ErrorPayload error) {
        if (error.code() == ErrorCode.HANDSHAKE_REFUSED) {
            context.metrics().handshakeRefusals.increment();
        }
        Reason reason = error.code() == ErrorCode.HANDSHAKE_REFUSED ? Reason.HANDSHAKE_REFUSED : Reason.PROTOCOL_ERROR;
        String text = peerId + " refused the connection (" + error.code().describe() + "): " + error.message();
        if (accepted != null) {
            text = "handshake with " + peerId + " refused by " + peerId + ": " + accepted.message() + " " + text;
        }
        ChannelAttributes.closeReason(ctx.channel(), text);
        fail(ctx, new TransportException(reason, peerId, text, null));
        ctx.close();
    }

    private void fail(ChannelHandlerContext ctx, TransportException e) {
        if (result.completeExceptionally(e)) {
            ChannelAttributes.closeReason(ctx.channel(), e.getMessage());
            ctx.close();
        }
    }
}
