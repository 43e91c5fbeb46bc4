package io.raftwire.node.kv;

import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OperationResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

import java.nio.charset.StandardCharsets;
import java.util.List;

/** Serializers, codecs and entry builders shared by the KV tests. */
final class KvFixtures {

    static final TypeRegistry REGISTRY = KvTypes.registerAll(TypeRegistry.builder()).build();
    static final List<String> SERIALIZERS = List.of("kryo", "protostuff", "jdk");
    static final long TERM = 1;

    private KvFixtures() {
    }

    static Serializer serializer(String name) {
        return Serializers.create(name, REGISTRY, SerializerOptions.defaults());
    }

    static OperationCodec codec(String name) {
        return new OperationCodec(serializer(name));
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static OpenSessionEntry open(long timestamp, long timeout) {
        return new OpenSessionEntry(TERM, timestamp, MemberId.from("client-1"), "store", KvStateMachine.SERVICE_TYPE,
                new byte[0], ReadConsistency.LINEARIZABLE, 0, timeout);
    }

    static CommandEntry command(OperationCodec codec, long timestamp, long session, long sequence, Object command) {
        return new CommandEntry(TERM, timestamp, session, sequence, codec.command(command));
    }

    static QueryEntry query(OperationCodec codec, long session, Object query) {
        return new QueryEntry(TERM, 0, session, 0, codec.query(query));
    }

    static KeepAliveEntry keepAlive(long timestamp, long session, long acknowledged) {
        return new KeepAliveEntry(TERM, timestamp, new long[] {session}, new long[] {acknowledged}, new long[] {0});
    }

    static CloseSessionEntry close(long timestamp, long session) {
        return new CloseSessionEntry(TERM, timestamp, session, false, false);
    }

    static KvResult result(OperationCodec codec, OperationResponse response) {
        return codec.decodeResult(response.result(), KvResult.class);
    }

    static CommandResponse run(KvStateMachine sm, long index, CommandEntry entry) {
        return (CommandResponse) sm.runOperation(index, entry);
    }
}
