package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;

/**
 * The first handler of an accepted connection's pipeline: holds back every read while the connection's
 * {@link RequestBudget} has stopped reading it. Turning {@code autoRead} off is not enough on its own: with
 * {@code autoRead} off, the TLS handler and the frame decoder ask for a read themselves whenever a read ended in the
 * middle of a TLS record or a frame; each such read then decrypted and decoded up to 64 KiB of a flooding peer's
 * requests on the event loop, only for them to wait, and delayed the other peers' requests by up to hundreds of
 * milliseconds. The budget's own resume ({@code autoRead} on) reads again.
 *
 * <p>One per accepted channel, with its budget; runs on its event loop.
 */
final class ReadGate extends ChannelOutboundHandlerAdapter {

    private final RequestBudget budget;

    ReadGate(RequestBudget budget) {
        this.budget = budget;
    }

    @Override
    public void read(ChannelHandlerContext ctx) {
        if (!budget.paused()) {
            ctx.read();
        }
    }
}
