package io.raftwire.transport;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Sends messages to the other members of a cluster and answers theirs. Members are named by their member ids
 * ({@code raftwire.node.id}); a message is any instance of a type registered in the node's {@code TypeRegistry}.
 *
 * <p>Typical use:
 * <pre>{@code
 * try (Transport transport = NettyTransportFactory.create(config)) {
 *     transport.onRequest(VoteRequest.class, (from, vote) -> CompletableFuture.completedFuture(node.vote(vote)));
 *     transport.start();
 *     transport.request("node-2", voteRequest, VoteResponse.class)
 *              .whenComplete((response, failure) -> ...);
 * }
 * }</pre>
 *
 * <p><b>Failures.</b> Returned futures never hang: each completes with the response, or with a
 * {@link TransportException} whose {@link TransportException#reason() reason} says what happened (timeout, peer
 * unreachable, connection closed, overloaded, remote handler failed, ...). Methods do not throw for I/O problems.
 *
 * <p><b>Threading.</b> Every method is thread-safe and non-blocking, except {@link #start()} and {@link #close()}.
 * Futures complete on a transport I/O thread or its timer thread: dependent stages must not block (use the
 * {@code *Async} variants for slow work).
 *
 * <p><b>Who is {@code from}.</b> The {@code from} member id given to {@link RequestHandler}s and
 * {@link MessageHandler}s is the member id the connection authenticated as at its handshake. With TLS
 * ({@code raftwire.tls.enabled = true}, the default) that is the member named by the peer's certificate, verified
 * against a CA this node trusts and against the id the peer claimed; with plaintext it is the id the peer claimed,
 * unverified. In both cases it is one of this node's peers at the time of the handshake and never this node's own
 * id; connections that fail these checks are refused before any message reaches a handler.
 *
 * <p><b>Roles.</b> With TLS a certificate names a member, a client or an admin ({@link CertificateName}): an accepted
 * connection must claim the id its certificate names; a transport that accepts only its peers (no
 * {@code raftwire.transport.accept-any-member}) refuses client and admin certificates, and a connecting transport
 * accepts only the member certificate of the member it meant to reach. A handler registered with
 * {@link #onCallerRequest} is told the sender's {@link Caller}: its id and role, and whether a certificate proved them.
 *
 * <p><b>Ordering.</b> Frames to one peer keep their order on each of its two connections: an urgent one and a bulk
 * one for frames above the bulk threshold. A large message may therefore be overtaken by a later small one.
 */
public interface Transport extends AutoCloseable {

    /** This node's member id. */
    String memberId();

    /**
     * Binds the listening socket and starts connecting to every peer.
     *
     * @throws TransportException with {@link TransportException.Reason#CLOSED} if already closed, or
     *                            {@link TransportException.Reason#UNREACHABLE} if the address cannot be bound (the
     *                            transport is then closed: pending {@link #whenReachable} futures fail with
     *                            {@link TransportException.Reason#CLOSED})
     * @throws IllegalStateException if already started
     */
    void start();

    /**
     * The address this node listens on; after {@link #start()} the actual port, also when configured as 0.
     */
    HostPort localAddress();

    /**
     * Sends a request and returns its response, with the default deadline
     * ({@code raftwire.transport.request-timeout-ms}).
     *
     * @param memberId     the peer
     * @param request      a registered message
     * @param responseType the expected response class; another type fails the future with
     *                     {@link TransportException.Reason#PROTOCOL_ERROR}
     * @param <R>          the response type
     * @return completes with the response or a {@link TransportException}
     */
    <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType);

    /**
     * Sends a request with its own deadline.
     *
     * @param timeout from now until the future fails with {@link TransportException.Reason#TIMEOUT}; positive
     * @see #request(String, Object, Class)
     */
    <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType, Duration timeout);

    /**
     * Sends a one-way message; nothing is answered.
     *
     * @param memberId the peer
     * @param message  a registered message
     * @return completes when the frame has been written to the socket, or with a {@link TransportException}
     */
    CompletableFuture<Void> send(String memberId, Object message);

    /**
     * Sends a one-way message over a connection that {@code memberId} opened to this node, for a peer that cannot
     * accept connections itself (a client behind a firewall or a NAT, connected to a node's client port with
     * {@code raftwire.transport.accept-any-member}). The peer's {@link #onMessage} handler receives it with this node's
     * member id as {@code from}. It travels on the peer's urgent connection, so pushes to one peer keep their order
     * while that connection lasts; nothing is queued for a peer that is not connected, and nothing is retried: a
     * caller that needs delivery must re-send (for example when the peer next asks).
     *
     * <p>Thread-safe and non-blocking; the message is encoded on the calling thread with the serializer the peer sends
     * with (it accepts that one). The message is not retained after the returned future completes.
     *
     * @param memberId the member id the connection authenticated as at its handshake
     * @param message  a registered message
     * @return completes when the frame has been written to the socket, or fails with a {@link TransportException}:
     *         {@link TransportException.Reason#UNREACHABLE} if {@code memberId} has no open urgent connection to this
     *         node, {@link TransportException.Reason#OVERLOADED} if that connection's outbound buffer is above its
     *         high water mark, {@link TransportException.Reason#FRAME_TOO_LARGE} or
     *         {@link TransportException.Reason#ENCODE_FAILED} if the message cannot be sent, {@link
     *         TransportException.Reason#CONNECTION_CLOSED} if the write failed, {@link TransportException.Reason#CLOSED}
     *         if this transport is not started. This default implementation, for transports that have no connections
     *         of their own, fails with {@link TransportException.Reason#UNREACHABLE}.
     */
    default CompletableFuture<Void> push(String memberId, Object message) {
        return CompletableFuture.failedFuture(new TransportException(TransportException.Reason.UNREACHABLE, memberId,
                getClass().getSimpleName() + " cannot push over inbound connections (expected: a transport with"
                        + " sockets of its own, such as NettyTransport)", null));
    }

    /**
     * Registers the handler of requests of {@code type} and its subtypes, run on a transport I/O thread (it must not
     * block). A handler for a more specific type takes precedence.
     *
     * @throws IllegalStateException if a request handler for exactly this type is already registered
     */
    <Q> void onRequest(Class<Q> type, RequestHandler<? super Q> handler);

    /**
     * Registers the handler of requests of {@code type} and its subtypes, run on {@code executor}.
     *
     * @throws IllegalStateException if a request handler for exactly this type is already registered
     */
    <Q> void onRequest(Class<Q> type, Executor executor, RequestHandler<? super Q> handler);

    /**
     * Registers the handler of requests of {@code type} and its subtypes that is told the {@link Caller} of each: the
     * id and the role the connection authenticated as (see "Who is {@code from}"). Runs on {@code executor}, or on a
     * transport I/O thread if it is {@code null} (it must not block then). It takes the place of an
     * {@link #onRequest} handler: one handler per type, registered either way.
     *
     * <p>This default implementation, for transports that authenticate no roles, refuses: an unknown role must not
     * pass for a known one.
     *
     * @throws IllegalStateException         if a request handler for exactly this type is already registered
     * @throws UnsupportedOperationException if this transport does not authenticate callers
     */
    default <Q> void onCallerRequest(Class<Q> type, Executor executor, CallerRequestHandler<? super Q> handler) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not tell handlers the caller's"
                + " role (expected: a transport that authenticates connections, such as NettyTransport)");
    }

    /**
     * Registers the handler of one-way messages of {@code type} and its subtypes, run on a transport I/O thread (it
     * must not block).
     *
     * @throws IllegalStateException if a message handler for exactly this type is already registered
     */
    <M> void onMessage(Class<M> type, MessageHandler<? super M> handler);

    /**
     * Registers the handler of one-way messages of {@code type} and its subtypes, run on {@code executor}.
     *
     * @throws IllegalStateException if a message handler for exactly this type is already registered
     */
    <M> void onMessage(Class<M> type, Executor executor, MessageHandler<? super M> handler);

    /** The member ids of the peers. */
    Set<String> peers();

    /**
     * Adds a peer; after {@link #start()} the transport starts connecting to it at once.
     *
     * @throws IllegalArgumentException if a peer with that id exists, or the id is this node's
     */
    void addPeer(PeerAddress peer);

    /**
     * Removes a peer, closing its connections and failing its pending requests.
     *
     * @return whether the peer existed
     */
    boolean removePeer(String memberId);

    /** Whether the urgent connection to the peer is established (handshake done); {@code false} for unknown ids. */
    boolean isReachable(String memberId);

    /**
     * Completes when the peer is {@link #isReachable reachable}: at once if it is. Never fails because of connection
     * attempts (they are retried); fails with {@link TransportException.Reason#CLOSED} when the transport closes or
     * the peer is removed, and with {@link TransportException.Reason#UNKNOWN_PEER} for an unknown id.
     */
    CompletableFuture<Void> whenReachable(String memberId);

    /**
     * Sets the gate that decides on peers whose schema differs from this node's (see {@link SchemaGate}). Call before
     * {@link #start()}; the default gate is {@link SchemaGate#REFUSE_ALL}.
     *
     * @throws UnsupportedOperationException if this transport does not exchange schemas (this default)
     * @throws IllegalStateException         if the transport has started
     */
    default void schemaGate(SchemaGate gate) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " does not exchange schemas");
    }

    /**
     * The schema digest ({@link io.raftwire.serializer.schema.Schema#digest()}) the peer announced at the handshake
     * of its current connection to or from this node, or empty if none is open, or the peer announced none (a 0.1.0
     * member) or this transport does not track it (this default). Thread-safe.
     */
    default OptionalLong peerSchemaDigest(String memberId) {
        return OptionalLong.empty();
    }

    /** A snapshot of the counters. */
    TransportStats stats();

    /**
     * A snapshot of what this transport holds for, and has refused to, inbound connections; empty for an
     * implementation that does not track it (the default). Thread-safe.
     */
    default Optional<InboundCounters> inbound() {
        return Optional.empty();
    }

    /**
     * Closes every connection, fails every pending request with {@link TransportException.Reason#CLOSED} and stops
     * the I/O threads. Blocks until they have stopped (a few seconds at most). Idempotent. Must not be called from a
     * transport I/O thread or its timer thread, where futures complete (use an {@code *Async} stage there).
     *
     * @throws IllegalStateException if called from a transport I/O or timer thread; nothing is closed then
     */
    @Override
    void close();
}
