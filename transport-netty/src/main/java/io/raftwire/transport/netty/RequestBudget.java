package io.raftwire.transport.netty;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.raftwire.transport.netty.codec.FrameKind;

import java.util.ArrayDeque;

/**
 * Fair service per peer: bounds what one accepted connection can make this node do for it while it does not read
 * what it is sent. A request is passed on to {@link RequestDispatcher} only while
 * <ul>
 *   <li>fewer than {@code max-requests-in-flight} requests of this connection are in flight (read, but their
 *       response or error not yet written to the socket), and</li>
 *   <li>the connection is writable (its unwritten bytes are below {@code write-buffer-high-bytes}).</li>
 * </ul>
 * Otherwise it, and every message decoded after it, waits here in order; the frame decoder splits off no further
 * frame (the rest of the read waits undecoded in {@link BoundedFrameDecoder}) and the connection is not read any
 * further ({@code autoRead} off, counted in {@code readPauses}; {@link ReadGate} also holds back the reads that the
 * TLS handler and the frame decoder ask for on their own to complete a record or a frame). Reading resumes once the waiting messages are passed on, the
 * connection is writable and at most half of {@code max-requests-in-flight} are in flight. So a peer that sends
 * requests and never reads the responses costs this node the responses to at most {@code max-requests-in-flight}
 * requests, or {@code write-buffer-high-bytes} of them (whichever comes first), plus one socket read held undecoded,
 * and then nothing more: its connection is not read, and the I/O thread serves the others.
 *
 * <p>One per accepted channel; everything runs on its event loop ({@link #answered} is called from the write
 * listener of a response).
 */
final class RequestBudget extends ChannelInboundHandlerAdapter implements ChannelFutureListener {

    private final int maxInFlight;
    private final MetricsRecorder metrics;
    private final ArrayDeque<Envelope> waiting = new ArrayDeque<>();
    private ChannelHandlerContext ctx;
    private int inFlight;
    private boolean draining;
    private boolean paused;

    /**
     * @param maxInFlight {@code max-requests-in-flight}
     * @param metrics     counts the pauses
     */
    RequestBudget(int maxInFlight, MetricsRecorder metrics) {
        this.maxInFlight = maxInFlight;
        this.metrics = metrics;
    }

    /** A response to one of this connection's requests was written (or failed to be): one fewer in flight. */
    @Override
    public void operationComplete(ChannelFuture future) {
        answered();
    }

    /**
     * Whether reading is stopped: a read asked for by a handler (TLS or a decoder completing a record or frame) must
     * wait too (see {@link ReadGate}).
     */
    boolean paused() {
        return paused;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        waiting.clear();
    }

    /**
     * Passes a message on, or keeps it waiting (see the class comment).
     *
     * @param msg an {@link Envelope} (holds no buffer) is counted and may wait; anything else is passed on at once
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof Envelope e)) {
            ctx.fireChannelRead(msg);
            return;
        }
        if (waiting.isEmpty() && mayPass(e)) {
            pass(e);
        } else {
            waiting.add(e);
            pause();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        drain();
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        waiting.clear();
        ctx.fireChannelInactive();
    }

    private void answered() {
        inFlight--;
        drain();
    }

    private boolean mayPass(Envelope e) {
        return e.kind() != FrameKind.REQUEST || inFlight < maxInFlight && ctx.channel().isWritable();
    }

    private void pass(Envelope e) {
        if (e.kind() == FrameKind.REQUEST) {
            inFlight++;
        }
        ctx.fireChannelRead(e);
    }

    /**
     * Passes on what may pass, then pauses or resumes reading. Not re-entered: an answer written at once while a
     * waiting request is passed on only lowers the count, and the loop here goes on.
     */
    private void drain() {
        if (draining || ctx == null || !ctx.channel().isActive()) {
            return;
        }
        draining = true;
        try {
            while (!waiting.isEmpty() && mayPass(waiting.peek())) {
                pass(waiting.poll());
            }
        } finally {
            draining = false;
        }
        if (!waiting.isEmpty() || !ctx.channel().isWritable() || inFlight >= maxInFlight) {
            pause();
        } else if (paused && inFlight <= maxInFlight / 2) {
            paused = false;
            // Later, not from here: drain can run inside the frame decoder's own decoding (a write that completes or
            // changes writability at once), and the decoder is not re-entrant.
            ctx.executor().execute(this::resume);
        }
    }

    private void resume() {
        if (paused || !ctx.channel().isActive()) {
            return; // paused again meanwhile
        }
        resumeDecoding();
        if (!paused) { // the frames that waited in the decoder may have used up the budget again
            ctx.channel().config().setAutoRead(true);
        }
    }

    private void resumeDecoding() {
        BoundedFrameDecoder decoder = ctx.pipeline().get(BoundedFrameDecoder.class);
        if (decoder != null) {
            try {
                decoder.resume();
            } catch (Exception e) {
                ctx.pipeline().fireExceptionCaught(e);
            }
        }
    }

    private void pause() {
        if (!paused) {
            paused = true;
            ctx.channel().config().setAutoRead(false);
            metrics.readPauses.increment();
        }
    }
}
