package io.raftwire.bench;

import io.raftwire.message.MessageType;

import java.util.EnumMap;
import java.util.Map;

/**
 * Figures we measured on the reference benchmark (GitHub {@code hantangwangd/serializerForRaft}; set-up and method in
 * {@code docs/library-behaviour.md} §4), for side-by-side tables.
 * They come from the reference's own model, whose messages carry a test-only {@code long ranId} more than ours, on
 * the same 2-vCPU VM.
 */
public final class ReferenceFigures {

    /** §4.1: serialized bytes per message, Kryo 4.0.2 with pre-registered classes (mean of 200 instances). */
    public static final Map<MessageType, Integer> KRYO_PRE_REGISTERED_BYTES = kryoPreRegistered();

    /** §4.1: the whole 32-message set with pre-registered Kryo, in bytes. */
    public static final int KRYO_PRE_REGISTERED_SET_BYTES = 38_406;

    /** §4.2: single-thread ops/s (one op = the 32-message set), pre-registered Kryo, serialize. */
    public static final int KRYO_PRE_REGISTERED_SER_OPS = 44_705;
    /** §4.2: pre-registered Kryo, deserialize. */
    public static final int KRYO_PRE_REGISTERED_DESER_OPS = 48_930;
    /** §4.2: Protostuff (runtime schemas, class names on the wire), serialize. */
    public static final int PROTOSTUFF_SER_OPS = 40_937;
    /** §4.2: Protostuff, deserialize. */
    public static final int PROTOSTUFF_DESER_OPS = 41_629;
    /** §4.2: JDK serialization, serialize. */
    public static final int JAVA_SER_OPS = 8_788;
    /** §4.2: JDK serialization, deserialize. */
    public static final int JAVA_DESER_OPS = 1_877;

    private ReferenceFigures() {
    }

    private static Map<MessageType, Integer> kryoPreRegistered() {
        Map<MessageType, Integer> m = new EnumMap<>(MessageType.class);
        m.put(MessageType.OPEN_SESSION_REQUEST, 185);
        m.put(MessageType.APPEND_REQUEST, 1650);
        m.put(MessageType.CLOSE_SESSION_REQUEST, 8);
        m.put(MessageType.COMMAND_REQUEST, 110);
        m.put(MessageType.CONFIGURE_REQUEST, 220);
        m.put(MessageType.INSTALL_REQUEST, 31565);
        m.put(MessageType.JOIN_REQUEST, 59);
        m.put(MessageType.KEEP_ALIVE_REQUEST, 42);
        m.put(MessageType.LEAVE_REQUEST, 59);
        m.put(MessageType.METADATA_REQUEST, 7);
        m.put(MessageType.POLL_REQUEST, 49);
        m.put(MessageType.PUBLISH_REQUEST, 444);
        m.put(MessageType.QUERY_REQUEST, 111);
        m.put(MessageType.RECONFIGURE_REQUEST, 65);
        m.put(MessageType.RESET_REQUEST, 10);
        m.put(MessageType.TRANSFER_REQUEST, 43);
        m.put(MessageType.VOTE_REQUEST, 47);
        m.put(MessageType.OPEN_SESSION_RESPONSE, 46);
        m.put(MessageType.APPEND_RESPONSE, 47);
        m.put(MessageType.CLOSE_SESSION_RESPONSE, 28);
        m.put(MessageType.COMMAND_RESPONSE, 1081);
        m.put(MessageType.CONFIGURE_RESPONSE, 28);
        m.put(MessageType.INSTALL_RESPONSE, 28);
        m.put(MessageType.JOIN_RESPONSE, 223);
        m.put(MessageType.KEEP_ALIVE_RESPONSE, 200);
        m.put(MessageType.LEAVE_RESPONSE, 224);
        m.put(MessageType.METADATA_RESPONSE, 416);
        m.put(MessageType.POLL_RESPONSE, 38);
        m.put(MessageType.QUERY_RESPONSE, 1081);
        m.put(MessageType.RECONFIGURE_RESPONSE, 224);
        m.put(MessageType.TRANSFER_RESPONSE, 28);
        m.put(MessageType.VOTE_RESPONSE, 38);
        return Map.copyOf(m);
    }
}
