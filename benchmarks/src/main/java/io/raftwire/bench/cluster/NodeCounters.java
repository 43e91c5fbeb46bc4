package io.raftwire.bench.cluster;

import io.raftwire.node.RaftwireNode;
import io.raftwire.node.model.EngineType;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.TransportStats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The raftwire nodes' own counters, summed over the members ({@link RaftwireNode#transportStats()},
 * {@link RaftwireNode#clientTransportStats()}, {@link RaftwireNode#raftStats()}): Raft messages and
 * AppendEntries requests sent, bytes of frames sent, time spent encoding and decoding, messages dropped, and
 * client frames sent. Stateless.
 */
final class NodeCounters {

    private NodeCounters() {
    }

    static Counters of(List<RaftwireNode> nodes) {
        long msgs = 0;
        long appends = 0;
        long bytes = 0;
        long encodeNanos = 0;
        long decodeNanos = 0;
        long dropped = 0;
        long clientFrames = 0;
        for (RaftwireNode n : nodes) {
            TransportStats peers = n.transportStats();
            for (MessageStats m : peers.messages()) {
                msgs += m.sent();
                bytes += m.sentBytes();
                encodeNanos += m.encodeNanos();
                decodeNanos += m.decodeNanos();
                if (m.typeId() == EngineType.APPEND_ENTRIES_REQUEST.id()) {
                    appends += m.sent();
                }
            }
            dropped += n.raftStats().dropped();
            for (MessageStats m : n.clientTransportStats().messages()) {
                clientFrames += m.sent();
            }
        }
        Map<String, Long> c = new LinkedHashMap<>();
        c.put("msgs", msgs);
        c.put("appends", appends);
        c.put("bytes", bytes);
        c.put("encode_us", encodeNanos / 1000);
        c.put("decode_us", decodeNanos / 1000);
        c.put("dropped", dropped);
        c.put("client_frames", clientFrames);
        return new Counters(c);
    }
}
