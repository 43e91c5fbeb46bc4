package io.raftwire.node.kv;

import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.session.OperationOutcome;

import java.util.Collection;
import java.util.Set;
import java.util.TreeMap;

/**
 * The codecs a state machine decodes operations with, one per serializer name: an operation is decoded with the codec
 * its id names ({@code <type id>@<serializer>}), so that clients may send with any serializer every member has.
 * Immutable after construction; the codecs themselves are used on the Raft thread only.
 */
public final class OperationCodecs {

    private final TreeMap<String, OperationCodec> byName = new TreeMap<>();

    /**
     * @param codecs one codec per serializer; at least one, names unique
     * @throws NullPointerException     if {@code codecs} is null
     * @throws IllegalArgumentException if there is no codec or two share a serializer name
     */
    public OperationCodecs(Collection<OperationCodec> codecs) {
        for (OperationCodec c : codecs) {
            if (byName.putIfAbsent(c.serializerName(), c) != null) {
                throw new IllegalArgumentException("two codecs for serializer '" + c.serializerName()
                        + "' (expected: one codec per serializer)");
            }
        }
        if (byName.isEmpty()) {
            throw new IllegalArgumentException("no operation codec (expected: at least one)");
        }
    }

    /** The codec of serializer {@code name}, or {@code null} if there is none. */
    public OperationCodec forSerializer(String name) {
        return name == null ? null : byName.get(name);
    }

    /** The serializer names, sorted. */
    public Set<String> names() {
        return byName.keySet();
    }

    /** The codec {@code operation}'s id names, or {@code null} if it names none of these (see {@link #noCodec}). */
    public OperationCodec of(PrimitiveOperation operation) {
        return forSerializer(OperationCodec.serializerOf(operation.id()));
    }

    /**
     * The refusal of an operation whose id names no serializer here, saying which it may name.
     *
     * @param failure {@code COMMAND_FAILURE} or {@code QUERY_FAILURE}
     */
    public OperationOutcome noCodec(PrimitiveOperation operation, RaftError.Type failure) {
        return OperationOutcome.failure(failure, "operation id " + KvLimits.quote(operation.id().id())
                + " names no serializer of this state machine (expected: <type id>@<one of " + names() + ">)");
    }
}
