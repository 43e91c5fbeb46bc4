package io.raftwire.it;

import io.raftwire.config.HostPort;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.value.DefaultEventType;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Transport.push}: a node with a client port ({@code accept-any-member}) sends one-way messages to a client over
 * the connection the client opened, in order, with the serializer the client sends with; a member with no connection
 * to the node is refused with the reason.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class PushIT {

    private static NettyTransport server(String serializer) {
        return new NettyTransport(ItSupport.settings().nodeId("server").listenAddress(ItSupport.freeAddress())
                .acceptAnyMember(true).build(), ItSupport.serializers(serializer));
    }

    private static NettyTransport client(String id, HostPort server, String serializer) {
        return new NettyTransport(ItSupport.settings().nodeId(id).listenAddress(new HostPort("127.0.0.1", 0))
                .peers(ItSupport.peer("server", server)).build(), ItSupport.serializers(serializer));
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void pushesInOrderOverTheConnectionTheClientOpened(String serializer) {
        try (NettyTransport server = server(serializer)) {
            server.start();
            try (NettyTransport client = client("client-1", server.localAddress(), serializer)) {
                List<String> from = new CopyOnWriteArrayList<>();
                List<PublishRequest> received = new CopyOnWriteArrayList<>();
                client.onMessage(PublishRequest.class, (sender, p) -> {
                    from.add(sender);
                    received.add(p);
                });
                client.start();
                Await.value(client.whenReachable("server"), ItSupport.WAIT);
                Await.until(ItSupport.WAIT, () -> !server.peers().contains("client-1")
                        && server.push("client-1", publish(0)).handle((ok, e) -> e == null).join(),
                        () -> "no inbound connection from client-1 on the server");
                List<PublishRequest> sent = new ArrayList<>(List.of(publish(0)));
                List<CompletableFuture<Void>> writes = new ArrayList<>();
                for (int i = 1; i <= 200; i++) {
                    sent.add(publish(i));
                    writes.add(server.push("client-1", publish(i)));
                }
                Await.value(CompletableFuture.allOf(writes.toArray(new CompletableFuture<?>[0])), ItSupport.WAIT);
                Await.until(ItSupport.WAIT, () -> received.size() == sent.size(),
                        () -> received.size() + " of " + sent.size() + " pushes received");
                assertEquals(sent, received, "pushes arrive in the order sent, each once");
                assertTrue(from.stream().allMatch("server"::equals), "from is the pushing node: " + from);
                assertEquals(sent.size(), client.stats().message(MessageType.PUBLISH_REQUEST.id()).received());
                assertEquals(sent.size(), server.stats().message(MessageType.PUBLISH_REQUEST.id()).sent());
            }
        }
    }

    @Test
    void refusesAMemberWithNoConnectionToThisNodeNamingWhy() {
        try (NettyTransport server = server("kryo")) {
            server.start();
            TransportException e = ItSupport.failure(server.push("nobody", publish(1)),
                    TransportException.Reason.UNREACHABLE);
            assertEquals("nobody has no open connection to server (expected: a peer connected to this node, which push"
                    + " answers over)", e.getMessage());
        }
    }

    @Test
    void refusesBeforeStartNamingWhy() {
        try (NettyTransport server = server("kryo")) {
            TransportException e = ItSupport.failure(server.push("client-1", publish(1)),
                    TransportException.Reason.CLOSED);
            assertEquals("transport server is not started", e.getMessage());
        }
    }

    private static PublishRequest publish(long index) {
        return new PublishRequest(7, index + 1, index, List.of(new PrimitiveEvent(new DefaultEventType("push"),
                new byte[] {(byte) index, 1, 2})));
    }
}
