package io.raftwire.transport.netty;

import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.netty.capture.CaptureWriter;
import io.raftwire.transport.netty.capture.FrameCaptureHandler;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HeaderDecoder;

import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Builds the two pipelines of a transport, one handler per concern; inbound bytes flow from top to bottom:
 *
 * <pre>
 *  name             handler                        concern                                       per
 *  readGate         ReadGate                       (accepted) no read while the budget paused    channel
 *  tls              SslHandler                     mutual TLS (unless raftwire.tls.enabled=false) channel
 *  tlsOutcome       TlsOutcomeHandler              count failed and aborted TLS handshakes (TLS)  transport
 *  flush            FlushConsolidationHandler      coalesce flushes (optional)                   channel
 *  idle             IdleStateHandler               idle events: ping interval, read idle (opt.)  channel
 *  frameDecoder     BoundedFrameDecoder            framing, size limits before/after handshake,  channel
 *                                                  inbound buffer budget (fail fast)
 *  capture          FrameCaptureHandler            copy of every frame in and out, in plaintext  transport
 *                                                  (only with raftwire.transport.capture-file)
 *  headerDecoder    HeaderDecoder                  magic, version, kind, serializer and type id  transport
 *  keepAlive        KeepAliveHandler               pings out, pings in, close when read-idle     transport
 *  handshake        Server/ClientHandshakeHandler  HELLO / WELCOME, then removes itself          channel
 *  payloadDecoder   PayloadDecoder                 serializer.decode of the payload              transport
 *  budget           RequestBudget                  (accepted) bound requests in flight; stop     channel
 *                                                  reading while over it or unwritable
 *  dispatch         RequestDispatcher              (accepted) run handlers, write responses      transport
 *  correlation      ResponseCorrelator             (outbound) complete pending requests, run     channel
 *                                                  the handlers of pushed one-way messages
 *  errors           ChannelErrorHandler            log once, error frame, close                  transport
 * </pre>
 *
 * Until the handshake, the idle handler uses this node's {@code idle-timeout-ms} for both events; the handshake
 * handlers then call {@link #agreeOnIdle} with the peer's, so that pings go out often enough for both sides.
 *
 * <p>There is no outbound encoder handler: frames are encoded by {@link io.raftwire.transport.netty.codec.FrameWriter}
 * on the sending thread, before they enter the pipeline. The encoded size picks the lane (urgent or bulk), encode
 * failures and oversize frames fail the caller's future directly, and encoding work is spread over the calling
 * threads instead of one event loop.
 *
 * <p>Thread-safe; the {@code @Sharable} handlers are created once here.
 */
final class Pipelines {

    static final String TLS = "tls";
    static final String TLS_OUTCOME = "tlsOutcome";
    static final String READ_GATE = "readGate";
    static final String BUDGET = "budget";
    static final String FLUSH = "flush";
    static final String IDLE = "idle";
    static final String FRAME_DECODER = "frameDecoder";
    static final String CAPTURE = "capture";
    static final String HEADER_DECODER = "headerDecoder";
    static final String KEEP_ALIVE = "keepAlive";
    static final String HANDSHAKE = "handshake";
    static final String PAYLOAD_DECODER = "payloadDecoder";
    static final String DISPATCH = "dispatch";
    static final String CORRELATION = "correlation";
    static final String ERRORS = "errors";

    private final TransportContext context;
    private final HeaderDecoder acceptedHeaders;
    private final HeaderDecoder outboundHeaders;
    private final KeepAliveHandler keepAlive;
    private final PayloadDecoder payloadDecoder;
    private final OneWayDispatcher oneWays;
    private final RequestDispatcher dispatcher;
    private final ChannelErrorHandler errors;
    private final RateLimitedLog handshakeWarnings = ServerHandshakeHandler.newWarnings();
    private final FrameCaptureHandler capture;
    private final HandshakeFailureLog handshakeFailures;
    private final TlsOutcomeHandler acceptedTls;
    private final TlsOutcomeHandler outboundTls;
    private final Executor handshakeWork;

    Pipelines(TransportContext context) {
        this(context, null, null);
    }

    /**
     * @param capture       where every frame is copied, or {@code null} for none; the caller closes it
     * @param handshakeWork runs the TLS handshake work of accepted connections, or {@code null} for their event loop;
     *                      the caller shuts it down
     */
    Pipelines(TransportContext context, CaptureWriter capture, Executor handshakeWork) {
        this.context = context;
        this.handshakeWork = handshakeWork;
        this.handshakeFailures = new HandshakeFailureLog(context.timer());
        this.acceptedTls = new TlsOutcomeHandler(context.metrics(), handshakeFailures);
        this.outboundTls = new TlsOutcomeHandler(context.metrics(), null);
        this.capture = capture == null ? null : new FrameCaptureHandler(capture, ChannelAttributes::capturedPeer);
        this.acceptedHeaders = new HeaderDecoder(context.serializers(), EnumSet.of(FrameKind.HELLO,
                FrameKind.REQUEST, FrameKind.ONE_WAY, FrameKind.PING, FrameKind.ERROR), "accepted connection");
        this.outboundHeaders = new HeaderDecoder(context.serializers(), EnumSet.of(FrameKind.WELCOME,
                FrameKind.RESPONSE, FrameKind.ONE_WAY, FrameKind.PING, FrameKind.ERROR), "outbound connection");
        this.keepAlive = new KeepAliveHandler(context.writer(), context.metrics(),
                context.settings().idleTimeoutMs());
        this.payloadDecoder = new PayloadDecoder(context.serializers(), context.metrics());
        this.oneWays = new OneWayDispatcher(context);
        this.dispatcher = new RequestDispatcher(context, oneWays);
        this.errors = new ChannelErrorHandler(context.writer(), context.metrics());
    }

    /** The summary of accepted connections that failed before or during their handshake. */
    HandshakeFailureLog handshakeFailures() {
        return handshakeFailures;
    }

    /** Fills the pipeline of a connection accepted by this node. */
    void initAccepted(ChannelPipeline p) {
        RequestBudget budget = new RequestBudget(context.settings().maxRequestsInFlight(), context.metrics());
        p.channel().attr(ChannelAttributes.REQUEST_BUDGET).set(budget);
        p.addLast(READ_GATE, new ReadGate(budget));
        if (context.tls() != null) {
            p.addLast(TLS, handshakeWork == null ? context.tls().newServerHandler(p.channel().alloc())
                    : context.tls().newServerHandler(p.channel().alloc(), handshakeWork));
            p.addLast(TLS_OUTCOME, acceptedTls);
        }
        addCommon(p, acceptedHeaders, budget);
        p.addLast(HANDSHAKE, new ServerHandshakeHandler(context, handshakeWarnings));
        p.addLast(PAYLOAD_DECODER, payloadDecoder);
        p.addLast(BUDGET, budget);
        p.addLast(DISPATCH, dispatcher);
        p.addLast(ERRORS, errors);
    }

    /**
     * Fills the pipeline of a connection this node opens to a peer.
     *
     * @param connection the connection whose requests this channel carries
     * @param handshake  completed by the handshake handler
     */
    void initOutbound(ChannelPipeline p, Connection connection, CompletableFuture<Handshake> handshake) {
        p.channel().attr(ChannelAttributes.PEER_ID).set(connection.link().id());
        if (context.tls() != null) {
            p.addLast(TLS, context.tls().newClientHandler(p.channel().alloc()));
            p.addLast(TLS_OUTCOME, outboundTls);
        }
        addCommon(p, outboundHeaders, null);
        p.addLast(HANDSHAKE, new ClientHandshakeHandler(context, connection.link().id(), connection.lane(),
                handshake));
        p.addLast(PAYLOAD_DECODER, payloadDecoder);
        p.addLast(CORRELATION, new ResponseCorrelator(connection, oneWays));
        p.addLast(ERRORS, errors);
    }

    /**
     * The interval between pings on a connection: a third of the shorter non-zero idle timeout of the two sides, so
     * each side hears from the other well within its own timeout; 0 (no pings) if both sides turned idle detection
     * off.
     *
     * @param ownIdleMs  this node's {@code idle-timeout-ms}, 0 = off
     * @param peerIdleMs the peer's, as declared in its handshake, 0 = off
     * @return milliseconds, or 0 for none
     */
    static int pingIntervalMs(int ownIdleMs, int peerIdleMs) {
        int shorter = ownIdleMs == 0 ? peerIdleMs : peerIdleMs == 0 ? ownIdleMs : Math.min(ownIdleMs, peerIdleMs);
        return shorter == 0 ? 0 : Math.max(1, shorter / 3);
    }

    /**
     * Re-arms idle detection once the peer's idle timeout is known: pings at {@link #pingIntervalMs}, close after this
     * node's own timeout without reads. Adds the idle handler if this node has idle detection off but the peer has it
     * on (the peer must still hear from us). Runs on the channel's event loop, from a handshake handler.
     *
     * @param ownIdleMs  this node's {@code idle-timeout-ms}, 0 = off
     * @param peerIdleMs the peer's, 0 = off
     */
    static void agreeOnIdle(ChannelPipeline p, int ownIdleMs, int peerIdleMs) {
        int pingMs = pingIntervalMs(ownIdleMs, peerIdleMs);
        if (pingMs == 0) {
            return;
        }
        IdleStateHandler idle = new IdleStateHandler(ownIdleMs, pingMs, 0, TimeUnit.MILLISECONDS);
        if (p.get(IDLE) != null) {
            p.replace(IDLE, IDLE, idle);
        } else {
            p.addBefore(FRAME_DECODER, IDLE, idle);
        }
    }

    private void addCommon(ChannelPipeline p, HeaderDecoder headers, RequestBudget budget) {
        TransportSettings s = context.settings();
        if (s.flushConsolidation()) {
            p.addLast(FLUSH, new FlushConsolidationHandler(s.flushConsolidationLimit(), true));
        }
        if (s.idleTimeoutMs() > 0) {
            p.addLast(IDLE, new IdleStateHandler(s.idleTimeoutMs(), Math.max(1, s.idleTimeoutMs() / 3), 0,
                    TimeUnit.MILLISECONDS));
        }
        p.addLast(FRAME_DECODER, new BoundedFrameDecoder(s.maxFrameBytes(), context.limits(), budget));
        if (capture != null) {
            // Inside TLS, so frames are recorded in plaintext. After the frame decoder: inbound, one whole frame per
            // read (length field stripped); outbound, every frame written by a handler below or by Channel.write,
            // complete. The same handler on accepted and outbound pipelines: both directions of every connection.
            p.addLast(CAPTURE, capture);
        }
        p.addLast(HEADER_DECODER, headers);
        p.addLast(KEEP_ALIVE, keepAlive);
    }
}
