package io.raftwire.node.client;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.node.group.SessionIds;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RequestHandler;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportStats;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client transport shared by the clients of several groups ({@code docs/multi-group.md}): one connection per
 * member carries every group's requests, and each event batch the members push goes to the client of the group its
 * session id names ({@link SessionIds#group}). Each group's client gets a {@link #view}: requests go straight
 * through, {@code start} starts the shared transport once, and {@code close} does nothing; {@link #close()} closes
 * the shared transport. Thread-safe.
 */
final class GroupTransports implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GroupTransports.class);

    private final Transport shared;
    private final AtomicReferenceArray<MessageHandler<? super PublishRequest>> publishHandlers;
    private final AtomicBoolean started = new AtomicBoolean();

    /**
     * @param shared the transport to share, not started; closed by {@link #close()}
     * @param groups how many groups' clients will use it
     */
    GroupTransports(Transport shared, int groups) {
        this.shared = Objects.requireNonNull(shared, "shared");
        this.publishHandlers = new AtomicReferenceArray<>(groups);
        shared.onMessage(PublishRequest.class, this::route);
    }

    private void route(String from, PublishRequest batch) {
        int group = SessionIds.group(batch.session());
        MessageHandler<? super PublishRequest> handler = group < publishHandlers.length()
                ? publishHandlers.get(group) : null;
        if (handler == null) {
            LOG.debug("dropped an event batch of session {} from {}: no client of group index {}", batch.session(),
                    from, group);
            return;
        }
        handler.handle(from, batch);
    }

    /** The transport group {@code group}'s client uses. */
    Transport view(int group) {
        Objects.checkIndex(group, publishHandlers.length());
        return new View(group);
    }

    @Override
    public void close() {
        shared.close();
    }

    /** One group's view of the shared transport. */
    private final class View implements Transport {
        private final int group;

        View(int group) {
            this.group = group;
        }

        @Override
        public String memberId() {
            return shared.memberId();
        }

        @Override
        public void start() {
            if (started.compareAndSet(false, true)) {
                shared.start();
            }
        }

        @Override
        public HostPort localAddress() {
            return shared.localAddress();
        }

        @Override
        public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType) {
            return shared.request(memberId, request, responseType);
        }

        @Override
        public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType,
                Duration timeout) {
            return shared.request(memberId, request, responseType, timeout);
        }

        @Override
        public CompletableFuture<Void> send(String memberId, Object message) {
            return shared.send(memberId, message);
        }

        @Override
        public <Q> void onRequest(Class<Q> type, RequestHandler<? super Q> handler) {
            throw new UnsupportedOperationException("a group client answers no requests");
        }

        @Override
        public <Q> void onRequest(Class<Q> type, Executor executor, RequestHandler<? super Q> handler) {
            throw new UnsupportedOperationException("a group client answers no requests");
        }

        @Override
        @SuppressWarnings("unchecked")
        public <M> void onMessage(Class<M> type, MessageHandler<? super M> handler) {
            if (type != PublishRequest.class) {
                throw new UnsupportedOperationException("handler for " + type.getSimpleName()
                        + " (expected: PublishRequest only)");
            }
            publishHandlers.set(group, (MessageHandler<? super PublishRequest>) handler);
        }

        @Override
        public <M> void onMessage(Class<M> type, Executor executor, MessageHandler<? super M> handler) {
            throw new UnsupportedOperationException("a group client runs its handlers on the I/O thread");
        }

        @Override
        public Set<String> peers() {
            return shared.peers();
        }

        @Override
        public void addPeer(PeerAddress peer) {
            throw new UnsupportedOperationException("a group client's members are the shared transport's");
        }

        @Override
        public boolean removePeer(String memberId) {
            throw new UnsupportedOperationException("a group client's members are the shared transport's");
        }

        @Override
        public boolean isReachable(String memberId) {
            return shared.isReachable(memberId);
        }

        @Override
        public CompletableFuture<Void> whenReachable(String memberId) {
            return shared.whenReachable(memberId);
        }

        @Override
        public TransportStats stats() {
            return shared.stats();
        }

        /** Closing one group's client leaves the shared transport to the others; {@link #close()} closes it. */
        @Override
        public void close() {
        }
    }
}
