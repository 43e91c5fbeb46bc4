package io.raftwire.cli.codecs;

import io.raftwire.message.MessageType;

import java.util.EnumMap;
import java.util.Map;

/**
 * The reference article's benchmark, as measured in docs/library-behaviour.md §4.1: serialized bytes per
 * message with Kryo 4.0.2 and pre-registered classes, mean of 200 fresh instances. Its messages carry one test-only
 * {@code long} more than raftwire's. Only sizes are compared: its timings came from another machine and run.
 */
final class ReferenceSizes {

    /** Bytes per type of the 32-message set. */
    static final Map<MessageType, Integer> KRYO_PRE_REGISTERED = table();

    private ReferenceSizes() {
    }

    private static Map<MessageType, Integer> table() {
        Map<MessageType, Integer> m = new EnumMap<>(MessageType.class);
        int[] bytes = {185, 1650, 8, 110, 220, 31565, 59, 42, 59, 7, 49, 444, 111, 65, 10, 43, 47,
            46, 47, 28, 1081, 28, 28, 223, 200, 224, 416, 38, 1081, 224, 28, 38};
        for (int i = 0; i < bytes.length; i++) {
            m.put(SampleMessages.MESSAGE_SET.get(i), bytes[i]);
        }
        if (m.size() != SampleMessages.MESSAGE_SET.size()) {
            throw new IllegalStateException("reference sizes: " + m.size() + " types (expected: "
                    + SampleMessages.MESSAGE_SET.size() + ")");
        }
        return Map.copyOf(m);
    }
}
