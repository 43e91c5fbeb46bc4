package io.raftwire.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.cluster.KvClusterAccess;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.StateCheck;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.netty.capture.CaptureFormat;
import io.raftwire.transport.netty.capture.CaptureReader;
import io.raftwire.transport.netty.capture.CaptureRecord;
import io.raftwire.testkit.leak.LeakGate;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code raftwire inspect} turns frames captured from a running cluster
 * ({@code raftwire.transport.capture-file}) back into the messages that were sent: the client's puts on the leader's
 * client listener, the log entries the leader replicated, the followers' answers, both directions of the connections
 * each node opened and of those it accepted. A damaged capture file gets a reason, not a stack trace.
 */
class CaptureInspectIT {

    private static final List<String> IDS = List.of("node-1", "node-2", "node-3");
    private static final Pattern FRAME = Pattern.compile("^frame \\d+ \\((received from|sent to) (\\S+(?: not known"
            + " yet\\))?) at [^)]+\\), \\d+ bytes$");

    @TempDir
    Path dir;

    /** The start-up line of each capturing transport (asserted); other transport warnings are kept too. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.NettyTransport");

    /** One inspected frame: where it went, its kind and type, and all its lines. */
    record Shown(String way, String peer, String kind, String type, String text) {
    }

    @Test
    @Timeout(120)
    void framesCapturedFromARunningClusterDecodeBackIntoTheMessagesSent() throws Exception {
        int leaksBefore = LeakGate.collect(1);
        Map<String, String> puts = new LinkedHashMap<>();
        for (int i = 1; i <= 3; i++) {
            puts.put("k-" + i, "val-" + i); // short enough for inspect to show the whole operation
        }
        try (LocalCluster cluster = LocalCluster.start(3, KvClusterAccess.base(), null, this::capturingNode)) {
            for (String id : IDS) {
                logs.await("raftwire transport " + id + " copies every frame it sends and receives, in plaintext, to "
                        + capture(id));
                logs.await("raftwire transport " + id + " copies every frame it sends and receives, in plaintext, to "
                        + capture(id) + ".clients");
            }
            try (KvClient client = KvClusterAccess.client(cluster)) {
                for (Map.Entry<String, String> put : puts.entrySet()) {
                    client.put(put.getKey(), put.getValue().getBytes(StandardCharsets.UTF_8)).get(30,
                            TimeUnit.SECONDS);
                }
            }
            // A put returns once a majority has the entry: a follower that lagged (it connected late, or its first
            // AppendEntries was refused) may not have been sent it yet. Closing now would leave it out of the capture
            // (CI saw this once), so every member must first apply the same index, which is at least the last put's.
            StateCheck.atOneIndex(cluster.running(), Duration.ofSeconds(30));
        } // closing each transport wrote out and closed its capture file

        Map<String, List<Shown>> members = new LinkedHashMap<>();
        for (String id : IDS) {
            members.put(id, inspectAll(capture(id)));
        }
        for (Map.Entry<String, String> put : puts.entrySet()) {
            String key = hex(put.getKey());
            String value = hex(put.getValue());
            // the leader sent the put's log entry to each follower on the connection it opened ...
            String leader = null;
            for (String id : IDS) {
                if (!find(members.get(id), "sent to", null, "AppendEntriesRequestModel", key, value).isEmpty()) {
                    leader = id;
                }
            }
            assertTrue(leader != null, "no member's capture shows the entry of put " + put + " being sent");
            for (String follower : IDS) {
                if (follower.equals(leader)) {
                    continue;
                }
                assertFalse(find(members.get(leader), "sent to", follower, "AppendEntriesRequestModel", key, value)
                        .isEmpty(), leader + " sent the entry of " + put + " to " + follower);
                // ... and the follower received it on the connection it accepted, and answered on its own
                assertFalse(find(members.get(follower), "received from", leader, "AppendEntriesRequestModel", key,
                        value).isEmpty(), follower + " received the entry of " + put + " from " + leader);
                assertFalse(find(members.get(follower), "sent to", leader, "AppendEntriesSuccessResponseModel")
                        .isEmpty(), follower + " answered " + leader);
                assertFalse(find(members.get(leader), "received from", follower, "AppendEntriesSuccessResponseModel")
                        .isEmpty(), leader + " received " + follower + "'s answer on the connection it accepted");
            }
            // the client's put itself, on the leader's client listener, and its answer
            List<Shown> sessions = inspectAll(Path.of(capture(leader) + ".clients"));
            List<Shown> command = find(sessions, "received from", null, "CommandRequest", key, value);
            assertFalse(command.isEmpty(), "the put " + put + " reached " + leader + " from the client");
            assertFalse(find(sessions, "sent to", command.get(0).peer(), "CommandResponse").isEmpty(),
                    leader + " answered the client");
        }
        for (String id : IDS) {
            // every accepted connection: its HELLO before the peer is known, then the WELCOME back
            List<Shown> frames = members.get(id);
            assertFalse(find(frames, "received from", "(peer not known yet)", "HELLO").isEmpty(), id);
            assertFalse(find(frames, "sent to", null, "WELCOME").isEmpty(), id);
        }
        assertEquals(leaksBefore, LeakGate.collect(3), () -> String.join("\n", LeakGate.records()));
    }

    @Test
    @Timeout(120)
    void aTruncatedOrCorruptCaptureFileGetsAReasonNotAStackTrace() throws Exception {
        try (LocalCluster cluster = LocalCluster.start(3, KvClusterAccess.base(), null, this::capturingNode)) {
            cluster.awaitLeader(Duration.ofSeconds(30));
        }
        byte[] whole = Files.readAllBytes(capture("node-1"));
        List<Long> offsets = recordOffsets(whole);
        assertTrue(offsets.size() >= 3, "records captured: " + offsets.size());

        Path cut = dir.resolve("cut.rwcap");
        Files.write(cut, Arrays.copyOf(whole, whole.length - 3));
        DemoIT.Run truncated = DemoIT.run("inspect", cut.toString());
        assertEquals(4, truncated.status(), truncated.out() + truncated.err());
        int last = offsets.size() - 1;
        assertTrue(truncated.out().contains("input cut short: capture record " + last + " at offset "
                + offsets.get(last) + ": frame needs "), truncated.out());
        assertTrue(truncated.out().endsWith(last + " frames: " + last + " decoded, 0 could not be decoded; the rest"
                + " of the input could not be read\n"), truncated.out());
        assertNoStackTrace(truncated);

        byte[] badDirection = whole.clone();
        badDirection[Math.toIntExact(offsets.get(1))] = 7;
        Path broken = dir.resolve("direction.rwcap");
        Files.write(broken, badDirection);
        DemoIT.Run direction = DemoIT.run("inspect", broken.toString());
        assertEquals(4, direction.status(), direction.out() + direction.err());
        assertTrue(direction.out().contains("input cut short: capture record 1 at offset " + offsets.get(1)
                + ": direction = 7 (expected: 0 = inbound, 1 = outbound)"), direction.out());
        assertNoStackTrace(direction);

        // a damaged frame inside an intact record: that frame gets its reason, the others still decode
        byte[] badMagic = whole.clone();
        int peerLength = badMagic[Math.toIntExact(offsets.get(0)) + 9];
        int magic = Math.toIntExact(offsets.get(0)) + CaptureFormat.RECORD_OVERHEAD_BYTES + peerLength + 4;
        badMagic[magic] = 0x00;
        Path damaged = dir.resolve("magic.rwcap");
        Files.write(damaged, badMagic);
        DemoIT.Run frame = DemoIT.run("inspect", damaged.toString());
        assertEquals(4, frame.status(), frame.out() + frame.err());
        assertTrue(frame.out().contains("  cannot decode: magic = 0x77 (expected: 0x5277)"), frame.out());
        assertTrue(frame.out().endsWith(offsets.size() + " frames: " + (offsets.size() - 1) + " decoded, 1 could not"
                + " be decoded\n"), frame.out());
        assertNoStackTrace(frame);
    }

    private RaftwireNode capturingNode(RaftwireConfig config) {
        Map<String, String> values = new LinkedHashMap<>(config.nonDefaults());
        values.put(ConfigKeys.TRANSPORT_CAPTURE_FILE.name(), capture(config.get(ConfigKeys.NODE_ID)).toString());
        return KvNodes.node(RaftwireConfig.of(values));
    }

    private Path capture(String id) {
        return dir.resolve(id + ".rwcap");
    }

    /** {@code raftwire inspect FILE}, which must decode every frame, split into frames. */
    private static List<Shown> inspectAll(Path file) {
        DemoIT.Run r = DemoIT.run("inspect", file.toString());
        assertEquals(0, r.status(), file + ": " + r.out() + r.err());
        assertTrue(r.out().matches("(?s).*\\n(\\d+) frames: \\1 decoded, 0 could not be decoded\\n"), r.out());
        List<Shown> frames = new ArrayList<>();
        String[] lines = r.out().split("\n");
        for (int i = 0; i < lines.length; i++) {
            Matcher m = FRAME.matcher(lines[i]);
            if (!m.matches()) {
                continue;
            }
            StringBuilder text = new StringBuilder();
            String kind = null;
            String type = null;
            for (int j = i + 1; j < lines.length && lines[j].startsWith(" "); j++) {
                text.append(lines[j]).append('\n');
                if (lines[j].startsWith("  flags: ")) {
                    kind = lines[j].replaceAll(".*\\(kind (\\w+)\\)", "$1");
                } else if (lines[j].startsWith("  type: ")) {
                    type = lines[j].replaceAll("  type: (\\S+).*", "$1");
                }
            }
            frames.add(new Shown(m.group(1), m.group(2), kind, type, text.toString()));
        }
        return frames;
    }

    /**
     * The frames going {@code way} to or from {@code peer} (any peer if null) whose message type (or, for control
     * frames, kind) is {@code what} and whose text contains every fragment.
     */
    private static List<Shown> find(List<Shown> frames, String way, String peer, String what, String... fragments) {
        return frames.stream().filter(f -> f.way().equals(way) && (peer == null || f.peer().equals(peer))
                && (what.equals(f.type()) || what.equals(f.kind()))
                && Arrays.stream(fragments).allMatch(f.text()::contains)).toList();
    }

    /** The bytes of {@code text} as inspect prints a byte array: two hex digits each, separated by blanks. */
    private static String hex(String text) {
        return HexFormat.ofDelimiter(" ").formatHex(text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<Long> recordOffsets(byte[] file) throws IOException {
        List<Long> offsets = new ArrayList<>();
        long offset = CaptureFormat.HEADER_BYTES;
        try (CaptureReader reader = new CaptureReader(new ByteArrayInputStream(file))) {
            for (CaptureRecord r = reader.next(); r != null; r = reader.next()) {
                offsets.add(offset);
                offset += CaptureFormat.RECORD_OVERHEAD_BYTES + r.peerId().length() + r.frame().length;
            }
        }
        return offsets;
    }

    private static void assertNoStackTrace(DemoIT.Run r) {
        assertEquals("", r.err(), "nothing on stderr");
        assertFalse(r.out().contains("Exception") || r.out().contains("\tat "), r.out());
    }
}
