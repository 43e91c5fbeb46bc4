package io.raftwire.transport.netty;

import io.raftwire.serializer.PoolStats;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.TransportStats;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The transport's counters: per message type (an array indexed by type id, built once from the registry) and for
 * requests and connections. Every update is a {@link LongAdder} increment: thread-safe and free of allocation.
 */
final class MetricsRecorder {

    private final TypeCounters[] byType;

    final LongAdder pending = new LongAdder();
    final LongAdder timeouts = new LongAdder();
    final LongAdder rejected = new LongAdder();
    final LongAdder errorsReceived = new LongAdder();
    final LongAdder errorsSent = new LongAdder();
    final LongAdder lateResponses = new LongAdder();
    final LongAdder established = new LongAdder();
    final LongAdder reconnects = new LongAdder();
    final LongAdder connectFailures = new LongAdder();
    final LongAdder handshakeRefusals = new LongAdder();
    final LongAdder protocolErrors = new LongAdder();
    final LongAdder idleCloses = new LongAdder();
    final LongAdder unexpectedErrors = new LongAdder();
    /** Accepted or outbound connections whose TLS handshake failed or was aborted. */
    final LongAdder tlsFailures = new LongAdder();
    /** Accepted connections closed at once: max-unauthenticated-connections were already waiting. */
    final LongAdder overCap = new LongAdder();
    /** Connections closed because max-inbound-buffer-bytes was used up. */
    final LongAdder overloadCloses = new LongAdder();
    /** Accepted connections closed at once: over handshake-rate or handshake-rate-per-address. */
    final LongAdder refusedHandshakeRate = new LongAdder();
    /** Times an accepted connection stopped being read because its responses were not being read. */
    final LongAdder readPauses = new LongAdder();

    MetricsRecorder(TypeRegistry registry) {
        int maxId = 0;
        for (TypeModel m : registry.models()) {
            maxId = Math.max(maxId, m.id());
        }
        byType = new TypeCounters[maxId + 1];
        for (TypeModel m : registry.models()) {
            byType[m.id()] = new TypeCounters(m.id(), m.name());
        }
    }

    /** Counts one frame encoded for sending. */
    void sent(int typeId, int frameBytes, long encodeNanos) {
        TypeCounters c = byType[typeId];
        c.sent.increment();
        c.sentBytes.add(frameBytes);
        c.encodeNanos.add(encodeNanos);
    }

    /** Counts one frame decoded. */
    void received(int typeId, int frameBytes, long decodeNanos) {
        TypeCounters c = byType[typeId];
        c.received.increment();
        c.receivedBytes.add(frameBytes);
        c.decodeNanos.add(decodeNanos);
    }

    /** Counts one payload that could not be decoded. */
    void decodeFailed(int typeId) {
        byType[typeId].decodeFailures.increment();
    }

    TransportStats snapshot(SerializerSet serializers) {
        List<MessageStats> messages = new ArrayList<>();
        for (TypeCounters c : byType) {
            if (c != null && (c.sent.sum() != 0 || c.received.sum() != 0 || c.decodeFailures.sum() != 0)) {
                messages.add(c.snapshot());
            }
        }
        return new TransportStats(messages,
                new TransportStats.Requests(pending.sum(), timeouts.sum(), rejected.sum(), errorsReceived.sum(),
                        errorsSent.sum(), lateResponses.sum()),
                new TransportStats.Connections(established.sum(), reconnects.sum(), connectFailures.sum(),
                        handshakeRefusals.sum(), protocolErrors.sum(), idleCloses.sum(), unexpectedErrors.sum()),
                pools(serializers));
    }

    private static Map<String, PoolStats> pools(SerializerSet serializers) {
        Map<String, PoolStats> pools = new TreeMap<>();
        for (Serializer s : serializers.accepted()) {
            pools.put(s.name(), s.poolStats());
        }
        return pools;
    }

    private static final class TypeCounters {
        final int typeId;
        final String typeName;
        final LongAdder sent = new LongAdder();
        final LongAdder sentBytes = new LongAdder();
        final LongAdder encodeNanos = new LongAdder();
        final LongAdder received = new LongAdder();
        final LongAdder receivedBytes = new LongAdder();
        final LongAdder decodeNanos = new LongAdder();
        final LongAdder decodeFailures = new LongAdder();

        TypeCounters(int typeId, String typeName) {
            this.typeId = typeId;
            this.typeName = typeName;
        }

        MessageStats snapshot() {
            return new MessageStats(typeId, typeName, sent.sum(), sentBytes.sum(), encodeNanos.sum(),
                    received.sum(), receivedBytes.sum(), decodeNanos.sum(), decodeFailures.sum());
        }
    }
}
