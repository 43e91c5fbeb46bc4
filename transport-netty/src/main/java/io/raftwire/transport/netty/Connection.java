package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Handshake;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * One outbound connection of a {@link Lane}: its channel and the requests that travel on it, by correlation id.
 * Requests are registered before their frame is written, so a response can never arrive first; they are all failed
 * when the channel closes. Thread-safe: senders write from any thread, responses arrive on the event loop.
 */
final class Connection {

    private final PeerLink link;
    private final Handshake.Lane lane;
    private final ConcurrentMap<Long, PendingRequest<?>> pending = new ConcurrentHashMap<>();
    private volatile Channel channel;

    Connection(PeerLink link, Handshake.Lane lane) {
        this.link = link;
        this.lane = lane;
    }

    void channel(Channel ch) {
        this.channel = ch;
    }

    Channel channel() {
        return channel;
    }

    Handshake.Lane lane() {
        return lane;
    }

    PeerLink link() {
        return link;
    }

    /** Registers a request that will travel on this connection and starts its deadline. */
    void register(PendingRequest<?> request) {
        request.arm(this);
        pending.put(request.correlationId(), request);
        if (request.isDone()) {
            pending.remove(request.correlationId(), request);
        }
    }

    /** Forgets a finished request. */
    void forget(PendingRequest<?> request) {
        pending.remove(request.correlationId(), request);
    }

    /**
     * Writes and flushes a frame now, unless it is larger than the peer's declared max-frame-bytes: then the frame is
     * dropped and the send fails with {@link Reason#FRAME_TOO_LARGE} (the peer would close the connection on it, and a
     * retry would do the same), the connection untouched. Unless, too, the channel is above its high water mark: then
     * the frame is dropped and
     * the send fails with {@link Reason#OVERLOADED}, so a peer that stops reading cannot grow this node's memory. A
     * channel that has just closed (the lane has not noticed yet) fails the send with
     * {@link Reason#CONNECTION_CLOSED}.
     *
     * @param frame   a complete frame; ownership passes to this method
     * @param request the request it carries, or {@code null} for a one-way message
     * @param written completed when the frame is on the socket, or {@code null}
     */
    void write(ByteBuf frame, PendingRequest<?> request, CompletableFuture<Void> written) {
        Channel ch = channel;
        if (refusedAsTooLarge(ch, frame, request, written)) {
            return;
        }
        if (!ch.isWritable()) {
            frame.release();
            if (!ch.isActive()) {
                String why = ch.attr(ChannelAttributes.CLOSE_REASON).get();
                fail(request, written, new TransportException(Reason.CONNECTION_CLOSED, link.id(), "connection to "
                        + link.id() + " closed" + (why == null ? "" : ": " + why), null));
                return;
            }
            link.context().metrics().rejected.increment();
            fail(request, written, new TransportException(Reason.OVERLOADED, link.id(), "outbound buffer to "
                    + link.id() + " is above write-buffer-high-bytes ("
                    + link.context().settings().writeBufferHighBytes() + " bytes) (expected: fewer bytes in flight;"
                    + " either " + link.id() + " is not reading fast enough or sends outpace the connection)", null));
            return;
        }
        send(ch, frame, request, written, true);
    }

    /**
     * Writes a frame that waited for the handshake, without the writability check (the queue is already bounded), but
     * with the check against the peer's max-frame-bytes, which is known only now.
     *
     * @param frame ownership passes to this method
     * @param flush whether to flush after this frame
     */
    void writeQueued(ByteBuf frame, PendingRequest<?> request, CompletableFuture<Void> written, boolean flush) {
        if (request != null && request.isDone()) {
            frame.release();
            return;
        }
        if (refusedAsTooLarge(channel, frame, request, written)) {
            if (flush) {
                channel.flush();
            }
            return;
        }
        send(channel, frame, request, written, flush);
    }

    /** Drops the frame and fails the send if the peer declared a smaller max-frame-bytes; the channel is untouched. */
    private boolean refusedAsTooLarge(Channel ch, ByteBuf frame, PendingRequest<?> request,
            CompletableFuture<Void> written) {
        String why = ChannelAttributes.tooLargeForPeer(ch, frame.readableBytes());
        if (why == null) {
            return false;
        }
        frame.release();
        fail(request, written, new TransportException(Reason.FRAME_TOO_LARGE, link.id(), why, null));
        return true;
    }

    /** Registers the request if needed, then writes; {@code frame}'s ownership passes to the channel. */
    private void send(Channel ch, ByteBuf frame, PendingRequest<?> request, CompletableFuture<Void> written,
            boolean flush) {
        if (request != null && !pending.containsKey(request.correlationId())) {
            register(request);
        }
        (flush ? ch.writeAndFlush(frame) : ch.write(frame)).addListener(f -> {
            if (f.isSuccess()) {
                if (written != null) {
                    written.complete(null);
                }
            } else {
                fail(request, written, new TransportException(Reason.CONNECTION_CLOSED, link.id(), "cannot write to "
                        + link.id() + ": " + f.cause(), f.cause()));
            }
        });
    }

    /** Completes the request with this correlation id, if it is still pending. Runs on the event loop. */
    void onResponse(Envelope response) {
        PendingRequest<?> request = pending.get(response.correlationId());
        if (request == null) {
            link.context().metrics().lateResponses.increment();
            return;
        }
        if (response.failure() != null) {
            request.fail(new TransportException(Reason.DECODE_FAILED, link.id(), "cannot decode the response of "
                    + link.id() + " to " + request.typeName() + ": " + response.failure().getMessage(),
                    response.failure()));
        } else {
            request.complete(response.message());
        }
    }

    /** Fails the request with this correlation id with the peer's error. Runs on the event loop. */
    void onError(long correlationId, ErrorPayload error) {
        link.context().metrics().errorsReceived.increment();
        PendingRequest<?> request = pending.get(correlationId);
        if (request == null) {
            link.context().metrics().lateResponses.increment();
            return;
        }
        request.fail(new TransportException(reasonOf(error.code()), link.id(), link.id() + " could not answer "
                + request.typeName() + " (" + error.code().describe() + "): " + error.message(), null));
    }

    /** Fails every pending request. */
    void failAll(TransportException e) {
        for (PendingRequest<?> request : pending.values()) {
            request.fail(e);
        }
    }

    private static void fail(PendingRequest<?> request, CompletableFuture<Void> written, TransportException e) {
        if (request != null) {
            request.fail(e);
        }
        if (written != null) {
            written.completeExceptionally(e);
        }
    }

    static Reason reasonOf(ErrorCode code) {
        return switch (code) {
            case NO_HANDLER -> Reason.NO_HANDLER;
            case HANDLER_FAILED -> Reason.HANDLER_FAILED;
            case DECODE_FAILED -> Reason.DECODE_FAILED;
            case ENCODE_FAILED -> Reason.ENCODE_FAILED;
            case FRAME_TOO_LARGE -> Reason.FRAME_TOO_LARGE;
            case SHUTTING_DOWN -> Reason.CONNECTION_CLOSED;
            case HANDSHAKE_REFUSED -> Reason.HANDSHAKE_REFUSED;
            default -> Reason.PROTOCOL_ERROR;
        };
    }
}
