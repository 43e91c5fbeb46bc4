package io.raftwire.node.client;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RequestHandler;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportStats;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;

/**
 * A {@link Transport} for client tests: answers each request on the calling thread from a script (a response, a
 * {@link TransportException} to fail with, a {@link CompletableFuture} the test completes later, or {@code null} to
 * leave it unanswered), records what was sent to whom, and
 * pushes event batches to the client's handler. Not thread-safe: tests drive it from one thread.
 */
final class ScriptedTransport implements Transport {

    /** One request as sent. */
    record Sent(String member, Object request) {
    }

    private final Set<String> members;
    private final List<Sent> sent = new ArrayList<>();
    private BiFunction<String, Object, Object> script = (member, request) -> {
        throw new AssertionError("unexpected " + request + " to " + member + " (no script set)");
    };
    private MessageHandler<? super PublishRequest> publishHandler;
    private int starts;
    private int closes;

    ScriptedTransport(String... members) {
        this.members = new LinkedHashSet<>(List.of(members));
    }

    /** Answers every later request with {@code script.apply(member, request)}. */
    ScriptedTransport answer(BiFunction<String, Object, Object> script) {
        this.script = script;
        return this;
    }

    /** A failure of the given reason, as the Netty transport reports it. */
    static TransportException failure(TransportException.Reason reason, String member) {
        return new TransportException(reason, member, reason.name().toLowerCase() + " (scripted) to " + member,
                null);
    }

    /** A member's answer to a keep-alive: OK, naming {@code leader} ({@code null}: none known) and no sessions. */
    static KeepAliveResponse leaderIs(String leader) {
        return new KeepAliveResponse(Status.OK, null, leader == null ? null : new MemberId(leader), List.of(),
                new long[0]);
    }

    /** Whether {@code request} is a client's feature level query ({@link LevelOperations#read}). */
    static boolean isLevelRead(Object request) {
        return request instanceof QueryRequest q && LevelOperations.READ.equals(q.operation().id().id());
    }

    /** A member's answer to the feature level query: OK, with {@code levels}' bytes as the result. */
    static QueryResponse levelsAre(FeatureLevels levels) {
        return new QueryResponse(Status.OK, null, 1, 0, levels.toBytes(), 0);
    }

    /** Every request sent so far, in order. */
    List<Sent> sent() {
        return List.copyOf(sent);
    }

    /** The requests of {@code type} sent so far, in order. */
    List<Sent> sent(Class<?> type) {
        return sent.stream().filter(s -> type.isInstance(s.request())).toList();
    }

    /** Pushes a batch to the client as member {@code from} would over the client's connection. */
    void push(String from, PublishRequest batch) {
        if (publishHandler == null) {
            throw new AssertionError("the client registered no PublishRequest handler");
        }
        publishHandler.handle(from, batch);
    }

    int starts() {
        return starts;
    }

    int closes() {
        return closes;
    }

    @Override
    public String memberId() {
        return "client-test";
    }

    @Override
    public void start() {
        starts++;
    }

    @Override
    public HostPort localAddress() {
        throw new UnsupportedOperationException("a client does not listen");
    }

    @Override
    public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType) {
        sent.add(new Sent(memberId, request));
        if (!members.contains(memberId)) {
            return CompletableFuture.failedFuture(failure(TransportException.Reason.UNKNOWN_PEER, memberId));
        }
        Object answer = script.apply(memberId, request);
        if (answer == null) {
            return new CompletableFuture<>();
        }
        if (answer instanceof Throwable t) {
            return CompletableFuture.failedFuture(t);
        }
        if (answer instanceof CompletableFuture<?> later) {
            return later.thenApply(responseType::cast);
        }
        return CompletableFuture.completedFuture(responseType.cast(answer));
    }

    @Override
    public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType,
            Duration timeout) {
        return request(memberId, request, responseType);
    }

    @Override
    public CompletableFuture<Void> send(String memberId, Object message) {
        throw new UnsupportedOperationException("the client sends no one-way messages");
    }

    @Override
    public <Q> void onRequest(Class<Q> type, RequestHandler<? super Q> handler) {
        throw new UnsupportedOperationException("the client answers no requests");
    }

    @Override
    public <Q> void onRequest(Class<Q> type, Executor executor, RequestHandler<? super Q> handler) {
        throw new UnsupportedOperationException("the client answers no requests");
    }

    @Override
    @SuppressWarnings("unchecked")
    public <M> void onMessage(Class<M> type, MessageHandler<? super M> handler) {
        if (type != PublishRequest.class) {
            throw new UnsupportedOperationException("handler for " + type + " (expected: PublishRequest only)");
        }
        publishHandler = (MessageHandler<? super PublishRequest>) handler;
    }

    @Override
    public <M> void onMessage(Class<M> type, Executor executor, MessageHandler<? super M> handler) {
        throw new UnsupportedOperationException("the client runs its handlers on the I/O thread");
    }

    @Override
    public Set<String> peers() {
        return Set.copyOf(members);
    }

    @Override
    public void addPeer(PeerAddress peer) {
        throw new UnsupportedOperationException("the client's members are fixed");
    }

    @Override
    public boolean removePeer(String memberId) {
        throw new UnsupportedOperationException("the client's members are fixed");
    }

    @Override
    public boolean isReachable(String memberId) {
        return members.contains(memberId);
    }

    @Override
    public CompletableFuture<Void> whenReachable(String memberId) {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public TransportStats stats() {
        throw new UnsupportedOperationException("the client reads no statistics");
    }

    @Override
    public void close() {
        closes++;
    }
}
