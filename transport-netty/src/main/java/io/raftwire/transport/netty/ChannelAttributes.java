package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;

/** The per-channel facts the handlers share, as channel attributes. */
final class ChannelAttributes {

    /** The member id at the other end: set at connect (outbound) or after the handshake (accepted). */
    static final AttributeKey<String> PEER_ID = AttributeKey.valueOf(ChannelAttributes.class, "peerId");
    /** Why this side closed the channel, for the failures of pending requests. */
    static final AttributeKey<String> CLOSE_REASON = AttributeKey.valueOf(ChannelAttributes.class, "closeReason");
    /** Set once the error handler has logged for this channel, so it logs once. */
    static final AttributeKey<Boolean> ERROR_LOGGED = AttributeKey.valueOf(ChannelAttributes.class, "errorLogged");

    private ChannelAttributes() {
    }

    /** The peer's member id, or its remote address if not known yet. */
    static String peerName(Channel channel) {
        String id = channel.attr(PEER_ID).get();
        return id != null ? id : String.valueOf(channel.remoteAddress());
    }

    /** Records why this side closes the channel (the first reason wins). */
    static void closeReason(Channel channel, String reason) {
        channel.attr(CLOSE_REASON).setIfAbsent(reason);
    }
}
