package io.raftwire.bench;

import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The message sets a benchmark operation passes over; one operation encodes (or decodes, or round-trips) every
 * message of the set once, as in the reference benchmark.
 */
public enum MessageSet {

    /** The reference benchmark's 32 messages, in its order (17 requests, then 15 responses). */
    FULL(CatalogFixtures.MESSAGE_SET),

    /**
     * {@link #FULL} without the InstallRequest (31 messages), whose 31.5 KB all-zero chunk is 83 % of the set's bytes
     * and mostly measures memory copies; the reference reports this set too.
     */
    NO_INSTALL(CatalogFixtures.MESSAGE_SET.stream().filter(t -> t != MessageType.INSTALL_REQUEST).toList()),

    /**
     * The 20 messages of {@link #FULL} whose pre-registered Kryo size in the reference is below 128 bytes: the
     * high-rate traffic of a Raft cluster (votes, polls, append acknowledgements, session requests, bare responses).
     * Leaves out the append request, snapshot chunk, 1 KiB operation results, member lists, events and sessions.
     */
    SMALL(List.of(
            MessageType.CLOSE_SESSION_REQUEST, MessageType.COMMAND_REQUEST, MessageType.JOIN_REQUEST,
            MessageType.KEEP_ALIVE_REQUEST, MessageType.LEAVE_REQUEST, MessageType.METADATA_REQUEST,
            MessageType.POLL_REQUEST, MessageType.QUERY_REQUEST, MessageType.RECONFIGURE_REQUEST,
            MessageType.RESET_REQUEST, MessageType.TRANSFER_REQUEST, MessageType.VOTE_REQUEST,
            MessageType.OPEN_SESSION_RESPONSE, MessageType.APPEND_RESPONSE, MessageType.CLOSE_SESSION_RESPONSE,
            MessageType.CONFIGURE_RESPONSE, MessageType.INSTALL_RESPONSE, MessageType.POLL_RESPONSE,
            MessageType.TRANSFER_RESPONSE, MessageType.VOTE_RESPONSE));

    /** The fixture seed every benchmark uses, so that all codecs see equal messages. */
    public static final long SEED = 42;

    private final List<MessageType> types;

    MessageSet(List<MessageType> types) {
        this.types = types;
    }

    /**
     * The set with the given label.
     *
     * @param label {@code full}, {@code no-install} or {@code small}
     * @throws IllegalArgumentException for any other label
     */
    public static MessageSet of(String label) {
        for (MessageSet set : values()) {
            if (set.label().equals(label)) {
                return set;
            }
        }
        throw new IllegalArgumentException("message set = " + label + " (expected: full, no-install or small)");
    }

    /** The message types of the set, in order. */
    public List<MessageType> types() {
        return types;
    }

    /** Realistic instances of {@link #types()}, built from the given fixture seed. */
    public List<Object> build(long seed) {
        CatalogFixtures fixtures = new CatalogFixtures(seed);
        List<Object> messages = new ArrayList<>(types.size());
        for (MessageType type : types) {
            messages.add(fixtures.realistic(type));
        }
        return messages;
    }

    /** The name used in benchmark parameters: {@code full}, {@code no-install} or {@code small}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
