package io.raftwire.transport.fault;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RequestHandler;
import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportStats;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A transport that sends nothing: it records what reaches it (peer and message, in order), answers every request at
 * once with {@code "re:" + request}, and completes every send at once.
 */
final class FakeTransport implements Transport {

    /** One frame that reached the fake. */
    record Sent(String peer, Object message, boolean request, Duration timeout) {
    }

    final List<Sent> sent = new CopyOnWriteArrayList<>();
    final AtomicBoolean closed = new AtomicBoolean();
    private final String memberId;
    /** The gate set through {@link #schemaGate}, or {@code null}. */
    volatile SchemaGate gate;

    FakeTransport(String memberId) {
        this.memberId = memberId;
    }

    List<Object> messagesTo(String peer) {
        return sent.stream().filter(s -> s.peer().equals(peer)).map(Sent::message).toList();
    }

    @Override
    public String memberId() {
        return memberId;
    }

    @Override
    public void start() {
    }

    @Override
    public HostPort localAddress() {
        return new HostPort("127.0.0.1", 0);
    }

    @Override
    public <R> CompletableFuture<R> request(String peer, Object request, Class<R> responseType) {
        return request(peer, request, responseType, Duration.ofSeconds(10));
    }

    @Override
    public <R> CompletableFuture<R> request(String peer, Object request, Class<R> responseType, Duration timeout) {
        sent.add(new Sent(peer, request, true, timeout));
        return CompletableFuture.completedFuture(responseType.cast("re:" + request));
    }

    @Override
    public CompletableFuture<Void> send(String peer, Object message) {
        sent.add(new Sent(peer, message, false, null));
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public <Q> void onRequest(Class<Q> type, RequestHandler<? super Q> handler) {
    }

    @Override
    public <Q> void onRequest(Class<Q> type, Executor executor, RequestHandler<? super Q> handler) {
    }

    @Override
    public <M> void onMessage(Class<M> type, MessageHandler<? super M> handler) {
    }

    @Override
    public <M> void onMessage(Class<M> type, Executor executor, MessageHandler<? super M> handler) {
    }

    @Override
    public Set<String> peers() {
        return Set.of("b", "c");
    }

    @Override
    public void addPeer(PeerAddress peer) {
    }

    @Override
    public boolean removePeer(String peer) {
        return false;
    }

    @Override
    public boolean isReachable(String peer) {
        return true;
    }

    @Override
    public CompletableFuture<Void> whenReachable(String peer) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public void schemaGate(SchemaGate gate) {
        this.gate = gate;
    }

    /** Every peer announces digest 42. */
    @Override
    public OptionalLong peerSchemaDigest(String peer) {
        return OptionalLong.of(42);
    }

    @Override
    public TransportStats stats() {
        throw new UnsupportedOperationException("not used by these tests");
    }

    @Override
    public void close() {
        closed.set(true);
    }
}
