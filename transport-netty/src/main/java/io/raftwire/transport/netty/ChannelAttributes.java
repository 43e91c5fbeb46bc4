package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import io.raftwire.transport.Caller;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.SchemaMarker;

/** The per-channel facts the handlers share, as channel attributes. */
final class ChannelAttributes {

    /** The member id at the other end: set at connect (outbound) or after the handshake (accepted). */
    static final AttributeKey<String> PEER_ID = AttributeKey.valueOf(ChannelAttributes.class, "peerId");
    /** The peer's max-frame-bytes as declared in its handshake: no frame larger than this is written to it. */
    static final AttributeKey<Integer> PEER_MAX_FRAME_BYTES = AttributeKey.valueOf(ChannelAttributes.class,
            "peerMaxFrameBytes");
    /** Why this side closed the channel, for the failures of pending requests. */
    static final AttributeKey<String> CLOSE_REASON = AttributeKey.valueOf(ChannelAttributes.class, "closeReason");
    /**
     * Set when the raftwire handshake succeeded (and, with TLS, the certificate named the member): from then on the
     * peer is a member and may be told the full reason of a refusal.
     */
    static final AttributeKey<Boolean> AUTHENTICATED = AttributeKey.valueOf(ChannelAttributes.class,
            "authenticated");
    /** On an accepted channel: the lane the peer declared at its handshake (set with {@link #AUTHENTICATED}). */
    static final AttributeKey<Handshake.Lane> INBOUND_LANE = AttributeKey.valueOf(
            ChannelAttributes.class, "inboundLane");
    /**
     * On an accepted channel: the id of the serializer the peer sends with, which it therefore accepts; what this node
     * pushes one-way messages to it with.
     */
    static final AttributeKey<Integer> PEER_SEND_SERIALIZER = AttributeKey.valueOf(ChannelAttributes.class,
            "peerSendSerializer");
    /**
     * Who the peer is, role included: set with {@link #AUTHENTICATED} (accepted channels: {@link MemberPolicy#callerOf};
     * connections this node opened: the member it reached).
     */
    static final AttributeKey<Caller> CALLER = AttributeKey.valueOf(ChannelAttributes.class, "caller");
    /** The request budget of an accepted connection, told when each answer has been written ({@link Pipelines}). */
    static final AttributeKey<RequestBudget> REQUEST_BUDGET = AttributeKey.valueOf(ChannelAttributes.class,
            "requestBudget");
    /**
     * The schema digest the peer's {@link io.raftwire.transport.netty.codec.SchemaMarker} announced in its handshake:
     * set when the handshake succeeds, absent if the peer sent no marker (a release before schemas).
     */
    static final AttributeKey<Long> PEER_SCHEMA_DIGEST = AttributeKey.valueOf(ChannelAttributes.class,
            "peerSchemaDigest");
    /** Set once the error handler has logged for this channel, so it logs once. */
    static final AttributeKey<Boolean> ERROR_LOGGED = AttributeKey.valueOf(ChannelAttributes.class, "errorLogged");

    private ChannelAttributes() {
    }

    /** Whether the handshake on this channel succeeded. */
    static boolean authenticated(Channel channel) {
        return channel.attr(AUTHENTICATED).get() != null;
    }

    /**
     * The member id at the other end, or {@code null} while it is not known (an accepted connection before its
     * handshake): what a capture record names.
     */
    static String capturedPeer(Channel channel) {
        return channel.attr(PEER_ID).get();
    }

    /**
     * The caller of requests arriving on {@code channel}; before its handshake (never the case for a dispatched
     * request) the least trusted: an unverified client under {@link #peerName}.
     */
    static Caller caller(Channel channel) {
        Caller caller = channel.attr(CALLER).get();
        return caller != null ? caller : new Caller(peerName(channel), Caller.Role.CLIENT, null);
    }

    /** The peer's member id, or its remote address if not known yet. */
    static String peerName(Channel channel) {
        String id = channel.attr(PEER_ID).get();
        return id != null ? id : String.valueOf(channel.remoteAddress());
    }

    /**
     * Why a frame of {@code frameBytes} (length field included) cannot be written to this channel's peer, or
     * {@code null} if it fits the peer's declared max-frame-bytes (or the peer has not declared it yet).
     */
    static String tooLargeForPeer(Channel channel, int frameBytes) {
        Integer limit = channel.attr(PEER_MAX_FRAME_BYTES).get();
        if (limit == null || frameBytes <= limit) {
            return null;
        }
        return "frame of " + frameBytes + " bytes exceeds " + peerName(channel) + "'s max-frame-bytes = " + limit;
    }

    /** Records the schema digest the peer's handshake announced, if it carries a marker. */
    static void peerSchemaDigest(Channel channel, Handshake peer) {
        Handshake.SerializerInfo marker = SchemaMarker.find(peer);
        if (marker != null) {
            channel.attr(PEER_SCHEMA_DIGEST).set(marker.fingerprint());
        }
    }

    /** Records why this side closes the channel (the first reason wins). */
    static void closeReason(Channel channel, String reason) {
        channel.attr(CLOSE_REASON).setIfAbsent(reason);
    }
}
