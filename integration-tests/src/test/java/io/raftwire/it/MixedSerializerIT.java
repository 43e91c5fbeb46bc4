package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.response.AppendResponse;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A cluster in the middle of a serializer migration: each node sends with one serializer and accepts several, so
 * nodes can move from one serializer to another one at a time. Requests flow wherever the receiver accepts the
 * sender's serializer, responses go back in the request's serializer (a node that accepts only kryo gets kryo
 * answers from a node that sends protostuff), and pairs with no common serializer are refused at handshake.
 */
@ExtendWith(LeakDetectionExtension.class)
class MixedSerializerIT {

    /** The handshakes refused between pairs with no common serializer, logged on both sides. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane", "io.raftwire.transport.netty.ChannelErrorHandler");

    /** Node, the serializer it sends with, then the others it accepts. */
    private static final Map<String, String[]> NODES = Map.of(
            "migrated", new String[] {"protostuff", "kryo"},
            "migrating", new String[] {"kryo", "protostuff", "jdk"},
            "baseline", new String[] {"jdk", "kryo"},
            "strict", new String[] {"kryo"});

    private static SerializerSet serializers(String id) {
        String[] names = NODES.get(id);
        return ItSupport.serializers(TypeRegistry.catalog(), names[0], java.util.Arrays.copyOfRange(names, 1,
                names.length));
    }

    private static boolean accepts(String receiver, String sender) {
        return List.of(NODES.get(receiver)).contains(NODES.get(sender)[0]);
    }

    @Test
    void shouldTalkWhereverTheReceiverAcceptsTheSendersSerializer() {
        List<String> ids = List.of("migrated", "migrating", "baseline", "strict");
        try (LoopbackCluster c = new LoopbackCluster(ids, id -> ItSupport.settings(), MixedSerializerIT::serializers,
                ItSupport::answerCatalog)) {
            Object append = ItSupport.FIXTURES.realistic(MessageType.APPEND_REQUEST);
            Object expected = ItSupport.FIXTURES.realistic(MessageType.APPEND_RESPONSE);
            int answered = 0;
            int refused = 0;
            for (String from : ids) {
                for (String to : ids) {
                    if (from.equals(to)) {
                        continue;
                    }
                    if (accepts(to, from)) {
                        // the first connection attempt may have raced the peer's bind and be backing off
                        Await.value(c.node(from).whenReachable(to), ItSupport.WAIT);
                        var f = c.node(from).request(to, append, AppendResponse.class);
                        assertEquals(expected, Await.value(f, ItSupport.WAIT), from + "->" + to);
                        answered++;
                    } else {
                        String f1 = from;
                        String t1 = to;
                        Await.until(ItSupport.WAIT, () -> ((TransportException) Await.failure(c.node(f1).request(t1,
                                append, AppendResponse.class), ItSupport.WAIT)).reason() == Reason.HANDSHAKE_REFUSED,
                                () -> f1 + "->" + t1 + " refused at handshake");
                        refused++;
                    }
                }
            }
            assertEquals(8, answered);
            assertEquals(4, refused);
            // the refusing node logs the detail; the refused one learns only which check failed
            logs.await("claimed member id baseline: no common serializer: baseline sends with jdk (3)");
            logs.await("strict refused the connection (handshake refused): failed checks: serializer");
        }
    }
}
