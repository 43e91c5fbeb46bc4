package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.PeerText;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import io.raftwire.transport.netty.codec.HandshakeCheck.Problem;
import io.raftwire.transport.netty.codec.HeaderDecoder;
import io.raftwire.transport.netty.codec.SchemaDifferences;
import io.raftwire.transport.netty.codec.SchemaFrame;
import io.raftwire.transport.netty.codec.SchemaMarker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The accepting side of the handshake. The first frame must be a {@link FrameKind#HELLO}; if it matches this node
 * (see {@link HandshakeCheck#checkHello}) and claims a member id this node accepts from this peer (see
 * {@link MemberPolicy#checkClaim}: a current peer, not this node, and with TLS the member the client certificate
 * names), this handler answers {@link FrameKind#WELCOME}, records the peer's member id and max-frame-bytes on the
 * channel, marks it authenticated (lifting the pre-handshake frame limit and releasing its slot among the
 * unauthenticated connections), adapts the ping interval to the peer's idle timeout ({@link Pipelines#agreeOnIdle})
 * and removes itself. Otherwise it raises {@link FrameException} with {@link ErrorCode#HANDSHAKE_REFUSED}:
 * {@link ChannelErrorHandler} logs every difference and tells the peer only which checks failed, then closes. A
 * connection that does not complete the handshake within {@code handshake-timeout-ms} is closed (the warning is
 * rate-limited).
 *
 * <p>When the registry check is the only one that failed and both sides carry a {@link
 * io.raftwire.transport.netty.codec.SchemaMarker} with different digests ({@link HandshakeCheck#exchangesSchemas}),
 * it answers with its {@link SchemaFrame} instead of refusing at once and awaits the peer's answer (within the same
 * timeout):
 * <ul>
 *   <li>the peer's schema frame alone: the peer's {@link io.raftwire.transport.SchemaGate} accepted this node's
 *       schema; this node asks its own ({@link PeerSchemaGate}). If it accepts too (and the peer sends with a
 *       serializer this node accepts, by id and name), the connection proceeds as any accepted one: WELCOME, and
 *       frames use each side's own serializers. Otherwise it refuses: the WARN line lists every difference
 *       ({@link SchemaDifferences}) and the gate's reason, and the peer is told which check failed and the gate's
 *       reason (an error frame, cut to its 300 characters);</li>
 *   <li>an error frame, then the peer's schema frame: the peer refused (its gate's reason is in the error); this
 *       node logs every difference and the peer's error, and closes. A peer that closes without its schema is logged
 *       with its error alone.</li>
 * </ul>
 * A peer without the marker (a release before schemas) is refused at once, as before, and no gate is asked.
 *
 * <p>One instance per channel (it holds the timeout).
 */
final class ServerHandshakeHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ServerHandshakeHandler.class);

    private final TransportContext context;
    private final RateLimitedLog warnings;
    private ScheduledFuture<?> timeout;
    /** The HELLO whose sender this node awaits a schema frame from, or {@code null}. */
    private Handshake exchanging;
    /** The failed checks of {@link #exchanging}: all of them the registry's. */
    private List<Problem> exchangeProblems;
    /** The error the peer sent during the exchange ({@code code: message}, escaped): it refused; or {@code null}. */
    private String peerRefusal;

    /**
     * @param context  the transport
     * @param warnings the transport's rate limiter for this class's warnings
     */
    ServerHandshakeHandler(TransportContext context, RateLimitedLog warnings) {
        this.context = context;
        this.warnings = warnings;
    }

    /** A rate limiter for the warnings of this class; one per transport. */
    static RateLimitedLog newWarnings() {
        return new RateLimitedLog(LOG);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        int ms = context.settings().handshakeTimeoutMs();
        timeout = ctx.executor().schedule(() -> {
            String reason = exchanging == null ? "no handshake from " + ctx.channel().remoteAddress() + " within " + ms
                    + " ms (expected: HELLO within handshake-timeout-ms)" : "no schema frame from "
                    + PeerText.escape(exchanging.nodeId()) + " at " + ctx.channel().remoteAddress() + " within " + ms
                    + " ms of its connection (expected: HELLO and schema frame within handshake-timeout-ms)";
            warnings.warn("timeout", "{} {}", ctx.channel(), reason);
            ChannelAttributes.closeReason(ctx.channel(), reason);
            ctx.close();
        }, ms, TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    /** A peer that refused the exchange and closed before sending its schema: logs its refusal. */
    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (exchanging != null && peerRefusal != null && ctx.channel().attr(ChannelAttributes.ERROR_LOGGED).get()
                == null) {
            refused(ctx, exchangeDetail() + "; " + PeerText.escape(exchanging.nodeId()) + " refused the connection ("
                    + peerRefusal + ") and sent no schema", null);
        }
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (timeout != null) {
            timeout.cancel(false);
        }
    }

    /**
     * Handles the first frame.
     *
     * @param msg a {@link Frame}, released here; anything else is passed on
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof Frame frame)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (exchanging != null) {
            duringExchange(ctx, frame);
            return;
        }
        Handshake hello;
        try {
            if (frame.kind() != FrameKind.HELLO) {
                throw new FrameException(ErrorCode.PROTOCOL_ERROR, "frame kind = " + frame.kind()
                        + " before the handshake (expected: HELLO)");
            }
            hello = Handshake.readFrom(frame.payload());
        } finally {
            frame.release();
        }
        Handshake local = context.handshake("", hello.lane());
        List<Problem> problems = new ArrayList<>(HandshakeCheck.checkHello(local, hello));
        problems.addAll(context.members().checkClaim(hello.nodeId(), ctx.channel()));
        if (!problems.isEmpty()) {
            String detail = "claimed member id " + hello.nodeId() + ": " + HandshakeCheck.details(problems);
            if (HandshakeCheck.exchangesSchemas(local, hello, problems)) {
                String tooLarge = schemaTooLarge(hello);
                if (tooLarge == null) {
                    exchanging = hello;
                    exchangeProblems = problems;
                    BoundedFrameDecoder.allowSchemaFrame(ctx.pipeline());
                    ctx.writeAndFlush(context.writer().schema(context.serializers().schema()));
                    return;
                }
                detail += "; schemas not exchanged: " + tooLarge;
            }
            throw new FrameException(ErrorCode.HANDSHAKE_REFUSED, detail, HandshakeCheck.peerMessage(problems));
        }
        accept(ctx, hello, local);
    }

    /** Accepts the connection: records the peer on the channel, answers WELCOME and leaves the pipeline. */
    private void accept(ChannelHandlerContext ctx, Handshake hello, Handshake local) {
        ctx.channel().attr(ChannelAttributes.PEER_ID).set(hello.nodeId());
        ctx.channel().attr(ChannelAttributes.CALLER).set(context.members().callerOf(hello.nodeId(), ctx.channel()));
        ChannelAttributes.peerSchemaDigest(ctx.channel(), hello);
        ctx.channel().attr(ChannelAttributes.AUTHENTICATED).set(Boolean.TRUE);
        context.limits().authenticated(ctx.channel());
        BoundedFrameDecoder.trust(ctx.pipeline());
        ctx.channel().attr(ChannelAttributes.PEER_MAX_FRAME_BYTES).set(hello.maxFrameBytes());
        ctx.channel().attr(ChannelAttributes.INBOUND_LANE).set(hello.lane());
        ctx.channel().attr(ChannelAttributes.PEER_SEND_SERIALIZER).set(hello.sendSerializerId());
        Pipelines.agreeOnIdle(ctx.pipeline(), context.settings().idleTimeoutMs(), hello.idleTimeoutMs());
        ctx.pipeline().remove(this);
        ctx.writeAndFlush(context.writer().handshake(FrameKind.WELCOME, local));
        context.metrics().established.increment();
        LOG.debug("{} accepted {} lane from {} (sends with serializer id {})", ctx.channel(), hello.lane(),
                hello.nodeId(), hello.sendSerializerId());
    }

    /** Why this node's schema frame cannot go to the peer that sent {@code hello}, or {@code null} if it can. */
    private String schemaTooLarge(Handshake hello) {
        int frameBytes = FrameDescriptor.HEADER_LENGTH + context.serializers().schema().size();
        if (frameBytes > SchemaFrame.MAX_FRAME_BYTES || frameBytes > hello.maxFrameBytes()
                || frameBytes > context.writer().maxFrameBytes()) {
            return "this node's schema frame of " + frameBytes + " bytes (expected: at most "
                    + Math.min(SchemaFrame.MAX_FRAME_BYTES, Math.min(hello.maxFrameBytes(),
                    context.writer().maxFrameBytes())) + ", the smallest of the schema frame limit and both sides'"
                    + " max-frame-bytes)";
        }
        return null;
    }

    /**
     * A frame during the schema exchange: the peer's error (it refused; its schema follows) or its schema frame.
     *
     * @param frame released here
     */
    private void duringExchange(ChannelHandlerContext ctx, Frame frame) {
        Schema theirs = null;
        try {
            if (frame.kind() == FrameKind.ERROR && peerRefusal == null) {
                ErrorPayload error = ErrorPayload.readFrom(frame.payload());
                peerRefusal = error.code().describe() + ": " + error.message();
                return; // its schema follows
            }
            if (!SchemaFrame.is(frame)) {
                throw new FrameException(ErrorCode.PROTOCOL_ERROR, "frame kind = " + frame.kind() + " during the schema"
                        + " exchange (expected: " + (peerRefusal == null ? "the peer's schema frame, or an error frame"
                        + " and then its schema frame" : "the peer's schema frame after its error frame") + ")");
            }
            theirs = SchemaFrame.read(frame.payload());
            long announced = SchemaMarker.find(exchanging).fingerprint();
            if (theirs.digest() != announced) {
                throw new FrameException(ErrorCode.PROTOCOL_ERROR, "schema frame of digest " + hex(theirs.digest())
                        + " (expected: " + hex(announced) + ", the digest its HELLO's marker announced)");
            }
        } finally {
            frame.release();
        }
        peerSchema(ctx, theirs);
    }

    /**
     * The peer's schema. If the peer refused (its error came first), or this node's gate refuses, or the peer's
     * serializer is not accepted, refuses listing every difference (logged here at WARN, not cut: every line is
     * escaped on its own) and why; otherwise accepts the connection.
     */
    private void peerSchema(ChannelHandlerContext ctx, Schema theirs) {
        Handshake hello = exchanging;
        String peer = PeerText.escape(hello.nodeId());
        Schema ours = context.serializers().schema().schema();
        SchemaDifferences differences = SchemaDifferences.between(hello.nodeId(), ours, theirs);
        String listed = exchangeDetail() + "; " + differences.message();
        if (peerRefusal != null) {
            refused(ctx, listed + " " + peer + " refused the connection (" + peerRefusal + ")", null);
            return;
        }
        String gate = context.schemaGate().refusal(ours, theirs);
        if (gate != null) {
            refused(ctx, listed + " refused by this node's schema gate: " + gate,
                    HandshakeCheck.peerMessage(exchangeProblems) + "; schema gate: " + gate);
            return;
        }
        Handshake local = context.handshake("", hello.lane());
        List<Problem> left = HandshakeCheck.withAcceptedSchemas(exchangeProblems, hello.nodeId(),
                hello.sendSerializerId(), hello, local, "this node accepts");
        if (left.isEmpty()) {
            left.addAll(HandshakeCheck.serializerFormat(hello, hello.sendSerializerId(), context.serializers()
                    .fingerprintOver(hello.sendSerializerId(), hello.registryFingerprint())));
        }
        if (!left.isEmpty()) {
            refused(ctx, listed + " both schema gates accepted, but: " + PeerText.escape(HandshakeCheck.details(left)),
                    HandshakeCheck.peerMessage(left));
            return;
        }
        exchanging = null;
        GatedSerializerFilter.install(ctx.pipeline(), hello.sendSerializerId());
        accept(ctx, hello, local);
        LOG.info("{} accepted {} whose schema differs ({} differences; both schema gates accepted)", ctx.channel(),
                peer, differences.compatible().size() + differences.refused().size());
    }

    private static String hex(long v) {
        return String.format(Locale.ROOT, "%016x", v);
    }

    /** The failed checks of the exchanged handshake, for the log: {@code claimed member id b: registry ...}. */
    private String exchangeDetail() {
        return "claimed member id " + PeerText.escape(exchanging.nodeId()) + ": "
                + PeerText.escape(HandshakeCheck.details(exchangeProblems));
    }

    /**
     * Refuses the exchanged handshake: logs {@code message} at WARN (rate-limited), tells the peer {@code told} in an
     * error frame if not {@code null}, and closes.
     */
    private void refused(ChannelHandlerContext ctx, String message, String told) {
        Channel channel = ctx.channel();
        HeaderDecoder.refuseLaterFrames(channel);
        channel.attr(ChannelAttributes.ERROR_LOGGED).set(Boolean.TRUE);
        context.metrics().handshakeRefusals.increment();
        warnings.warn("refused", "{} refused the handshake of {}: {}", channel,
                PeerText.escape(ChannelAttributes.peerName(channel)), message);
        ChannelAttributes.closeReason(channel, message);
        if (told == null || !channel.isActive()) {
            ctx.close();
            return;
        }
        context.metrics().errorsSent.increment();
        ctx.writeAndFlush(context.writer().error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED, told)))
                .addListener(ChannelFutureListener.CLOSE);
    }
}
