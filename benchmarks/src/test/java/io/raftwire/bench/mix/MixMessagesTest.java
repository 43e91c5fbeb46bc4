package io.raftwire.bench.mix;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.MessageType;
import io.raftwire.node.KvNodes;
import io.raftwire.serializer.TypeRegistry;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/**
 * The committed sample of a running cluster's messages still decodes with the current wire format, and carries none
 * of the catalog types {@link MessageType} documents as codec-coverage fixtures.
 */
class MixMessagesTest {

    /** The catalog types no production path sends, as {@link MessageType}'s Javadoc lists them. */
    private static final Set<MessageType> FIXTURES_ONLY = EnumSet.of(MessageType.APPEND_REQUEST,
            MessageType.APPEND_RESPONSE, MessageType.POLL_REQUEST, MessageType.POLL_RESPONSE, MessageType.VOTE_REQUEST,
            MessageType.VOTE_RESPONSE, MessageType.INSTALL_REQUEST, MessageType.INSTALL_RESPONSE,
            MessageType.CONFIGURE_REQUEST, MessageType.CONFIGURE_RESPONSE, MessageType.RECONFIGURE_REQUEST,
            MessageType.RECONFIGURE_RESPONSE, MessageType.RESET_REQUEST, MessageType.CONFIGURATION_ENTRY);

    @Test
    void theSampleDecodesAndHoldsOnlyTypesARunningClusterSends() {
        TypeRegistry registry = KvNodes.registry();
        Object[] messages = MixMessages.load(registry);
        assertEquals(1008, messages.length, "messages in " + MixMessages.RESOURCE);
        Map<String, Integer> byType = new TreeMap<>();
        for (Object m : messages) {
            byType.merge(m.getClass().getSimpleName(), 1, Integer::sum);
            MessageType catalog = MessageType.of(m.getClass()).orElse(null);
            assertTrue(catalog == null || !FIXTURES_ONLY.contains(catalog),
                    "a running cluster sent " + catalog + ", which MessageType documents as a fixture only");
        }
        for (String sent : List.of("CommandRequest", "CommandResponse", "QueryRequest", "QueryResponse",
                "AppendEntriesRequestModel", "AppendEntriesSuccessResponseModel")) {
            assertTrue(byType.containsKey(sent), sent + " missing from the sample: " + byType);
        }
    }
}
