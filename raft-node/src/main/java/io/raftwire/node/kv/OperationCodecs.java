package io.raftwire.node.kv;

import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelAware;
import io.raftwire.node.level.LevelState;
import io.raftwire.node.session.OperationOutcome;

import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The codecs a state machine decodes operations with, one per serializer name: an operation is decoded with the codec
 * its id names ({@code <type id>@<serializer>[/<level>]}), so that clients may send with any serializer every member
 * has. Once its group {@linkplain #attachLevels attaches} its feature levels, every codec reads them
 * ({@link OperationCodec#withLevels}); the codecs given to the constructor are not changed. Fixed after that; the
 * codecs are used on the Raft thread only.
 */
public final class OperationCodecs implements LevelAware {

    private final TreeMap<String, OperationCodec> byName = new TreeMap<>();
    private LevelState levels;

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

    /**
     * Replaces every codec with one that reads {@code levels}. Call once, before the first operation is decoded (the
     * group does, through its state machine's {@link LevelAware#attachLevels}).
     *
     * @throws NullPointerException  if {@code levels} is null
     * @throws IllegalStateException if levels were attached already
     */
    @Override
    public void attachLevels(LevelState levels) {
        Objects.requireNonNull(levels, "levels");
        if (this.levels != null) {
            throw new IllegalStateException("feature levels attached twice to the codecs " + names()
                    + " (expected: once, by the group before the first operation)");
        }
        this.levels = levels;
        byName.replaceAll((name, codec) -> codec.withLevels(levels));
    }

    /** The group's feature levels as of now; {@link FeatureLevels#NONE} if none are attached. */
    public FeatureLevels levels() {
        return levels == null ? FeatureLevels.NONE : levels.get();
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
     * The error type of an operation that its codec could not decode. A query whose id names a feature level above the
     * highest this member has recorded gets the retriable {@code UNAVAILABLE}: this member has not applied that
     * level's record yet (a client learns a level only from a member that has), so the client sends the query again,
     * within its operation timeout, until the member has caught up. Everything else gets {@code failure}: a command is
     * applied by every member at the same place in the log, after the record of any level its client could know, so
     * its refusal is the same everywhere and for good.
     *
     * @param failure {@code COMMAND_FAILURE} or {@code QUERY_FAILURE}
     */
    public RaftError.Type decodeFailure(PrimitiveOperation operation, RaftError.Type failure) {
        boolean ahead = NestedId.levelOf(operation.id().id()) > levels().currentLevel();
        return failure == RaftError.Type.QUERY_FAILURE && ahead ? RaftError.Type.UNAVAILABLE : failure;
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
