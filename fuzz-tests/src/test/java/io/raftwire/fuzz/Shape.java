package io.raftwire.fuzz;

import io.raftwire.message.MessageType;

import java.util.ArrayList;
import java.util.List;

/** The three message shapes a serializer decodes: requests, responses and log entries (catalog order). */
enum Shape {
    REQUESTS("_REQUEST"),
    RESPONSES("_RESPONSE"),
    LOG_ENTRIES("_ENTRY");

    private final List<MessageType> types = new ArrayList<>();

    Shape(String suffix) {
        for (MessageType t : MessageType.values()) {
            if (t.name().endsWith(suffix)) {
                types.add(t);
            }
        }
    }

    /** The catalog types of this shape, in id order. */
    List<MessageType> types() {
        return types;
    }

    /** The type an input's first byte selects. */
    MessageType typeFor(byte selector) {
        return types.get((selector & 0xFF) % types.size());
    }
}
