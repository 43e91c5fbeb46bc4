package io.raftwire.node.kv;

import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.value.DefaultEventType;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.node.session.SessionEventChunk;
import io.raftwire.node.session.SessionEvents;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.contract.GoldenBytes;
import io.raftwire.serializer.contract.Payloads;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.raftwire.node.kv.KvFixtures.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Pins the bytes of the session-event types (watch commands, the event, and the snapshot forms of event state and
 * watches) with every provider: they travel in log entries, pushes and snapshots, so a change makes existing logs and
 * snapshots unreadable.
 */
@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class KvEventTypesGoldenTest {

    static final List<String> SERIALIZERS = KvFixtures.SERIALIZERS;

    private static Map<String, Object> fixtures() {
        PublishRequest batch = new PublishRequest(3, 9, 5, List.of(new PrimitiveEvent(new DefaultEventType(
                "1107@kryo"), bytes("event")), new PrimitiveEvent(new DefaultEventType("1107@kryo"), new byte[0])));
        SessionEvents events = new SessionEvents(3, 9, 5, List.of(batch));
        KvWatchRecord watch = new KvWatchRecord(3, "user/", true, "kryo");
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("watch", new KvWatch("user/", true));
        f.put("unwatch", new KvUnwatch("user/1", false));
        f.put("event", new KvEvent("user/1", bytes("new value"), 42, false));
        f.put("eventDeleted", new KvEvent("user/\u00e9t\u00e9", new byte[0], Long.MAX_VALUE, true));
        f.put("sessionEvents", events);
        f.put("sessionEventsAcknowledged", new SessionEvents(4, 12, 12, List.of()));
        f.put("sessionEventChunk", new SessionEventChunk(List.of(events, new SessionEvents(4, 12, 12, List.of()))));
        f.put("watchRecord", watch);
        f.put("watchChunk", new KvWatchChunk(List.of(watch, new KvWatchRecord(4, "a", false, "jdk"))));
        return f;
    }

    @ParameterizedTest
    @FieldSource("SERIALIZERS")
    void everyTypeRoundTripsAndWritesItsGoldenBytes(String provider) {
        Serializer s = KvFixtures.serializer(provider);
        GoldenBytes golden = new GoldenBytes(provider);
        List<String> problems = new ArrayList<>();
        fixtures().forEach((name, value) -> {
            int id = KvFixtures.REGISTRY.idOf(value);
            byte[] actual = Payloads.encode(s, value);
            Object back = Payloads.decodeDirect(s, id, actual);
            assertEquals(value, back, name);
            assertSame(value.getClass(), back.getClass());
            String file = "kv-" + name;
            if (GoldenBytes.regenerating()) {
                golden.write(file, actual);
                return;
            }
            byte[] expected = golden.read(file);
            if (expected == null) {
                problems.add(file + ": no golden file " + golden.file(file));
            } else if (!HexFormat.of().formatHex(expected).equals(HexFormat.of().formatHex(actual))) {
                problems.add(file + ": encodes to " + actual.length + " bytes that differ from the golden "
                        + expected.length);
            } else if (!value.equals(Payloads.decodeHeap(s, id, expected))) {
                problems.add(file + ": golden bytes decode to another value");
            }
        });
        if (!problems.isEmpty()) {
            fail("wire format of the KV event types with " + provider + " changed (logs, pushes and snapshots carry"
                    + " them). Regenerate on purpose with 'mvn -pl raft-node test -Dgolden.regenerate=true':\n  "
                    + String.join("\n  ", problems));
        }
    }
}
