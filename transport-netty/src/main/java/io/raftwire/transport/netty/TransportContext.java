package io.raftwire.transport.netty;

import io.netty.util.Timer;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.SerializerSet;

/**
 * What the handlers and connections of one transport share. Immutable; every component is thread-safe.
 *
 * @param settings    the transport settings
 * @param serializers the sending and accepted serializers
 * @param writer      writes every outbound frame
 * @param metrics     the counters
 * @param handlers    the request and one-way handlers
 * @param timer       the request-deadline wheel
 * @param members     who may be on the other end of a connection
 * @param limits      memory limits before and after the handshake
 * @param tls         the TLS contexts, or {@code null} for plaintext
 * @param schemaGate  decides on peers whose schema differs from this node's
 */
record TransportContext(TransportSettings settings, SerializerSet serializers, FrameWriter writer,
        MetricsRecorder metrics, HandlerRegistry handlers, Timer timer, MemberPolicy members, InboundLimits limits,
        TlsContexts tls, PeerSchemaGate schemaGate) {

    /** This node's handshake declaration for one lane; {@code targetId} empty on the accepting side. */
    Handshake handshake(String targetId, Handshake.Lane lane) {
        return Handshake.of(settings.clusterId(), settings.nodeId(), targetId, lane, settings.maxFrameBytes(),
                settings.idleTimeoutMs(), serializers);
    }
}
