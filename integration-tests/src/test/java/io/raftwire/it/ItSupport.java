package io.raftwire.it;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.MessageType;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.FreePorts;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.TransportSettings;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** What the loopback ITs share: serializers by name, fast settings, the catalog's request/response pairs. */
final class ItSupport {

    /** The providers every IT runs with. */
    static final String[] SERIALIZERS = {"kryo", "protostuff", "jdk"};
    /** Bound on every wait; generous for a loaded 2-core machine. */
    static final Duration WAIT = Duration.ofSeconds(20);
    static final CatalogFixtures FIXTURES = new CatalogFixtures(20240601L);

    private ItSupport() {
    }

    /** A set sending with {@code send} and also accepting {@code alsoAccept}, over {@code registry}. */
    static SerializerSet serializers(TypeRegistry registry, String send, String... alsoAccept) {
        List<Serializer> others = new ArrayList<>();
        for (String name : alsoAccept) {
            others.add(Serializers.create(name, registry, SerializerOptions.defaults()));
        }
        return new SerializerSet(Serializers.create(send, registry, SerializerOptions.defaults()), others);
    }

    /** A set sending with and accepting only {@code name}, over the catalog. */
    static SerializerSet serializers(String name) {
        return serializers(TypeRegistry.catalog(), name);
    }

    /**
     * Settings for tests: plaintext on loopback (TLS is tested by {@code TlsIT}), short reconnect delays, idle
     * detection off unless a test turns it on.
     */
    static TransportSettings.Builder settings() {
        return TransportSettings.builder().plaintext().clusterId("it").idleTimeoutMs(0).reconnectInitialBackoffMs(20)
                .reconnectMaxBackoffMs(200).requestTimeoutMs(10_000);
    }

    /**
     * A free port on 127.0.0.1 ({@link FreePorts}: below the ephemeral range, so no other socket takes it while it is
     * released), for a node whose address its peers must know before it starts: a node refuses a HELLO from a member
     * id that is not one of its peers.
     */
    static HostPort freeAddress() {
        return new HostPort("127.0.0.1", FreePorts.pick(1).get(0));
    }

    /** {@code id} at {@code address}, as a one-element peer list. */
    static List<PeerAddress> peer(String id, HostPort address) {
        return List.of(new PeerAddress(id, address));
    }

    /** The catalog requests that are answered (all but the one-way PublishRequest and ResetRequest). */
    static List<MessageType> answeredRequests() {
        List<MessageType> types = new ArrayList<>();
        for (MessageType t : MessageType.values()) {
            if (t.name().endsWith("_REQUEST") && t != MessageType.PUBLISH_REQUEST
                    && t != MessageType.RESET_REQUEST) {
                types.add(t);
            }
        }
        return types;
    }

    /** The response type of a request type, by the catalog's naming. */
    static MessageType responseOf(MessageType request) {
        return MessageType.valueOf(request.name().replace("_REQUEST", "_RESPONSE"));
    }

    /** Answers every catalog request with the realistic instance of its response type. */
    static void answerCatalog(NettyTransport t) {
        t.onRequest(RaftRequest.class, (from, request) -> CompletableFuture.completedFuture(
                FIXTURES.realistic(responseOf(MessageType.of(request.getClass()).orElseThrow()))));
    }

    /** A request that must fail, and the reason it must fail with. */
    static TransportException failure(CompletableFuture<?> f, TransportException.Reason reason) {
        TransportException e = assertInstanceOf(TransportException.class, Await.failure(f, WAIT));
        assertEquals(reason, e.reason(), e.getMessage());
        return e;
    }
}
