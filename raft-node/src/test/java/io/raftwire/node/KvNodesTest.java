package io.raftwire.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.kv.KvLimits;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.model.AppendEntriesRequestModel;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@ExtendWith(LeakDetectionExtension.class)
class KvNodesTest {

    @Test
    void everyMemberCanApplyCommandsEncodedWithAnyInstalledSerializer() {
        RaftwireConfig config = RaftwireConfig.defaults();
        List<OperationCodec> codecs = KvNodes.codecs(config, KvNodes.registry());
        assertEquals(List.of("jdk", "kryo", "protostuff"),
                codecs.stream().map(OperationCodec::serializerName).sorted().collect(Collectors.toList()));
    }

    /**
     * The engine sends up to append-batch-size + 1 entries in one AppendEntries, and a frame above
     * max-frame-bytes is never sent: a batch that does not fit would be dropped and retried forever. The defaults
     * must therefore carry a full batch of the largest KV command.
     */
    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    @Timeout(60)
    void theDefaultBatchOfTheLargestCommandsFitsTheDefaultFrame(String provider) {
        RaftwireConfig config = RaftwireConfig.defaults();
        TypeRegistry registry = KvNodes.registry();
        Serializer serializer = Serializers.create(provider, registry, SerializerOptions.defaults());
        OperationCodec codec = new OperationCodec(serializer);
        String key = "\u20ac".repeat(KvLimits.MAX_KEY_LENGTH);
        CommandEntry largest = new CommandEntry(Integer.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE,
                codec.command(new KvPut(key, new byte[KvLimits.MAX_VALUE_BYTES])));
        int entries = config.get(ConfigKeys.RAFT_APPEND_BATCH_SIZE) + 1;
        List<io.microraft.model.log.LogEntry> batch = new ArrayList<>();
        for (int i = 0; i < entries; i++) {
            batch.add(new LogEntryModel(Long.MAX_VALUE - entries + i, Integer.MAX_VALUE, largest));
        }
        AppendEntriesRequestModel append = new AppendEntriesRequestModel("raftwire", new NodeEndpoint("node-1"),
                Integer.MAX_VALUE, Integer.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE,
                batch.stream().map(LogEntryModel.class::cast).toList(), Long.MAX_VALUE, Long.MAX_VALUE);
        ByteBuf out = Unpooled.buffer();
        try {
            serializer.encode(append, out);
            long frame = (long) out.readableBytes() + FrameDescriptor.HEADER_LENGTH;
            int limit = config.get(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES);
            assertTrue(frame <= limit, provider + ": " + entries + " largest commands make a " + frame
                    + "-byte frame, above max-frame-bytes " + limit);
        } finally {
            out.release();
        }
    }
}
