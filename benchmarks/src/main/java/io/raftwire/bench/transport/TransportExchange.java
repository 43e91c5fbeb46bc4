package io.raftwire.bench.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.bench.Codecs;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.serializer.Serializer;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.TlsSettings;
import io.raftwire.transport.netty.TransportSettings;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Two {@link NettyTransport}s on 127.0.0.1 (ephemeral port), each with its own event loop (the default, one I/O
 * thread) and its own instance of the serializer: the client sends the request with {@code request(...)}; the
 * server's handler runs on its I/O thread and answers with a fixed response instance. Every other setting is the
 * default of {@link TransportSettings}, except flush consolidation and TLS, which the scenario chooses (plaintext, or
 * mutual TLS with the JDK provider and EC P-256 certificates made at start-up by {@link BenchPki}).
 */
final class TransportExchange implements Exchange {

    private static final String SERVER = "server";
    private static final String CLIENT = "client";
    private static final long CONNECT_SECONDS = 10;

    private final NettyTransport server;
    private final NettyTransport client;
    private final Object request;
    private final Class<?> responseType;
    private final int[] payloadBytes;

    /**
     * Starts both transports and waits until the client is connected (handshake done).
     *
     * @throws IllegalStateException if the client does not connect within 10 s, or the server does not answer the
     *                               first request with the expected response
     */
    TransportExchange(String serializer, MessagePair pair, boolean flushConsolidation, boolean tls) throws Exception {
        this.request = pair.request();
        Object response = pair.response();
        this.responseType = response.getClass();
        this.payloadBytes = new int[] {payloadBytes(serializer, request), payloadBytes(serializer, response)};
        // the server must know the client as a peer (it refuses other member ids), so the client's port is chosen first
        HostPort clientAddress = freeAddress();
        BenchPki pki = tls ? new BenchPki("bench", List.of(SERVER, CLIENT)) : null;
        server = new NettyTransport(settings(SERVER, new HostPort("127.0.0.1", 0),
                List.of(new PeerAddress(CLIENT, clientAddress)), flushConsolidation, pki),
                SerializerSet.of(Codecs.create(serializer)));
        NettyTransport c = null;
        try {
            answer(server, request.getClass(), response);
            server.start();
            c = new NettyTransport(settings(CLIENT, clientAddress, List.of(new PeerAddress(SERVER,
                    server.localAddress())), flushConsolidation, pki), SerializerSet.of(Codecs.create(serializer)));
            c.start();
            c.whenReachable(SERVER).get(CONNECT_SECONDS, TimeUnit.SECONDS);
            Object first = c.request(SERVER, request, responseType).get(CONNECT_SECONDS, TimeUnit.SECONDS);
            if (!response.equals(first)) {
                throw new IllegalStateException("first response = " + first + " (expected: " + response + ")");
            }
        } catch (Exception | Error e) {
            if (c != null) {
                c.close();
            }
            server.close();
            throw e;
        }
        client = c;
    }

    private static TransportSettings settings(String id, HostPort address, List<PeerAddress> peers,
            boolean flushConsolidation, BenchPki pki) {
        return TransportSettings.builder().clusterId("bench").nodeId(id).listenAddress(address)
                .peers(peers).flushConsolidation(flushConsolidation)
                .tls(pki == null ? TlsSettings.plaintext() : pki.settings(id)).build();
    }

    private static HostPort freeAddress() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return new HostPort("127.0.0.1", s.getLocalPort());
        }
    }

    private static <Q> void answer(NettyTransport transport, Class<Q> type, Object response) {
        CompletableFuture<Object> answer = CompletableFuture.completedFuture(response);
        transport.onRequest(type, (from, q) -> answer);
    }

    /** The payload size of {@code message} with {@code serializer}. */
    static int payloadBytes(String serializer, Object message) {
        Serializer codec = Codecs.create(serializer);
        ByteBuf buf = Unpooled.buffer(4096);
        try {
            return codec.encode(message, buf);
        } finally {
            buf.release();
        }
    }

    @Override
    public CompletableFuture<?> call() {
        return client.request(SERVER, request, responseType);
    }

    @Override
    public int[] payloadBytes() {
        return payloadBytes.clone();
    }

    @Override
    public long serializationNanos() {
        long nanos = 0;
        for (NettyTransport t : new NettyTransport[] {client, server}) {
            for (MessageStats m : t.stats().messages()) {
                nanos += m.encodeNanos() + m.decodeNanos();
            }
        }
        return nanos;
    }

    @Override
    public void close() {
        client.close();
        server.close();
    }
}
