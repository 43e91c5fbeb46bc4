package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;

import java.net.InetSocketAddress;
import java.net.SocketAddress;

/**
 * Counts every TLS handshake that fails, right after the {@code SslHandler}: on its
 * {@link SslHandshakeCompletionEvent}, which Netty fires for a refused certificate as for a peer that closes, resets
 * or times out mid-handshake (an aborted handshake raises no exception, so counting exceptions missed those). Counts
 * into {@code tlsFailures}; for an accepted connection also tells {@link HandshakeFailureLog}, which names its source
 * address. Passes every event on.
 *
 * <p>{@link Sharable}: one per transport and direction.
 */
@Sharable
final class TlsOutcomeHandler extends ChannelInboundHandlerAdapter {

    private final MetricsRecorder metrics;
    private final HandshakeFailureLog log;

    /**
     * @param metrics the transport's counters
     * @param log     the summary of accepted connections' failures, or {@code null} on outbound connections
     */
    TlsOutcomeHandler(MetricsRecorder metrics, HandshakeFailureLog log) {
        this.metrics = metrics;
        this.log = log;
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent done && !done.isSuccess()) {
            metrics.tlsFailures.increment();
            if (log != null) {
                SocketAddress remote = ctx.channel().remoteAddress();
                log.tlsFailed(remote instanceof InetSocketAddress inet ? inet.getAddress() : null);
            }
        }
        ctx.fireUserEventTriggered(evt);
    }
}
