package io.raftwire.node.level;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.PrimitiveOperation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A group's side of the level operations ({@link LevelOperations}), applied by its state machine wrapper before the
 * application's state machine sees anything: a {@link LevelOperations#record record} log entry advances the group's
 * {@link LevelState} and is kept in its {@link LevelStore} before the apply returns; a {@link LevelOperations#read
 * read} query is answered with the history's bytes; a snapshot carries the history as one extra chunk.
 *
 * <p>A record that does not parse, skips a level or disagrees with this member's history is refused without changing
 * anything: its apply answers an {@link IllegalArgumentException} saying why (MicroRaft completes the leader's future
 * with it). Every member applies the same log from the same history, so every member refuses the same entry, and the
 * group goes on; stopping instead would stop every member at that entry, again at every restart.
 *
 * <p>Called on the group's Raft thread only, like a state machine.
 */
public final class LevelRecorder {

    private static final Logger LOG = LoggerFactory.getLogger(LevelRecorder.class);

    private final LevelState state;
    private final LevelStore store;
    private final String name;
    private FeatureLevels kept; // Raft thread only, as apply and install

    /**
     * @param state the group's levels, initialised from what {@code store} kept
     * @param store where an advanced history is kept
     * @param name  what messages call the group: {@code group <id> on <member id>}
     */
    public LevelRecorder(LevelState state, LevelStore store, String name) {
        this(state, store, state.get(), name);
    }

    /**
     * @param state the group's levels as applied from its log (a restarted member's start from none and are
     *              applied again as its log replays)
     * @param store where the levels are kept
     * @param kept  what {@code store} holds already: a level is written only when the group goes beyond it, so
     *              replaying the log after a restart never shortens it
     * @param name  the group and member, for logs
     */
    public LevelRecorder(LevelState state, LevelStore store, FeatureLevels kept, String name) {
        this.state = Objects.requireNonNull(state, "state");
        this.store = Objects.requireNonNull(store, "store");
        this.kept = Objects.requireNonNull(kept, "kept");
        this.name = Objects.requireNonNull(name, "name");
    }

    /** The group's levels. */
    public LevelState state() {
        return state;
    }

    /** Whether {@code query} is a {@link LevelOperations#read read} query this class answers. */
    public static boolean isRead(Object query) {
        return query instanceof QueryEntry q && LevelOperations.READ.equals(q.operation().id().id());
    }

    /**
     * Applies a {@link LevelOperations#record record} log entry.
     *
     * @return the history after it (the same one for a record this member has applied already, as when its log is
     *         replayed at start-up), or the {@link IllegalArgumentException} refusing it; an
     *         {@link UncheckedIOException} if the history advanced but could not be kept (logged at ERROR: the log
     *         entry stays the truth, so the member keeps the advanced history in memory)
     */
    public Object apply(long commitIndex, PrimitiveOperation record) {
        FeatureLevels now = state.get();
        FeatureLevels next;
        try {
            next = FeatureLevels.fromBytes(record.value());
            if (next.currentLevel() > now.currentLevel() + 1) {
                throw new IllegalArgumentException("feature level record at index " + commitIndex + " goes from level "
                        + now.currentLevel() + " to level " + next.currentLevel() + " (expected: at most one level"
                        + " more than this member's " + now.currentLevel() + ")");
            }
            return advance(next, "log index " + commitIndex);
        } catch (IllegalArgumentException e) {
            LOG.warn("{} refused the feature level record at log index {}: {}", name, commitIndex,
                    e.getMessage());
            return e;
        }
    }

    /**
     * Answers a {@link LevelOperations#read read} query: status OK, the history's bytes ({@link FeatureLevels#toBytes})
     * as the result, {@code commitIndex} as the index; event index and last sequence 0 (the query does not reach the
     * session table).
     */
    public QueryResponse read(long commitIndex) {
        return new QueryResponse(RaftResponse.Status.OK, null, commitIndex, 0, state.get().toBytes(), 0);
    }

    /** The chunk a snapshot carries the history in (a {@link LevelOperations#record record}), or empty at no level. */
    public Optional<Object> snapshotChunk() {
        FeatureLevels now = state.get();
        return now.currentLevel() == 0 ? Optional.empty() : Optional.of(LevelOperations.record(now));
    }

    /**
     * Takes the history's chunk out of an installed snapshot's chunks and advances to it; a snapshot without one (of
     * 0.1.0, or of a group at no level) changes nothing.
     *
     * @return the other chunks, in their order, for the application's state machine
     * @throws IllegalArgumentException if the chunk does not parse or disagrees with this member's history
     */
    public List<Object> install(long commitIndex, List<Object> chunks) {
        List<Object> rest = new ArrayList<>(chunks.size());
        for (Object chunk : chunks) {
            if (LevelOperations.isRecord(chunk)) {
                FeatureLevels carried;
                try {
                    carried = FeatureLevels.fromBytes(((PrimitiveOperation) chunk).value());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("the feature levels of the snapshot at index " + commitIndex
                            + " do not parse: " + e.getMessage(), e);
                }
                advance(carried, "the snapshot at index " + commitIndex);
            } else {
                rest.add(chunk);
            }
        }
        return rest;
    }

    private Object advance(FeatureLevels next, String from) {
        FeatureLevels now = state.get();
        if (next.currentLevel() <= now.currentLevel()) {
            state.advance(next); // a prefix: nothing changes; otherwise it throws, naming both histories
            return now;
        }
        checkExtends(now, next);
        IOException failed = null;
        if (next.currentLevel() > kept.currentLevel()) { // a replayed record must not shorten what level.state holds
            try {
                store.write(next);
                kept = next;
            } catch (IOException e) {
                failed = e;
            }
        }
        state.advance(next);
        LOG.info("{} is at {} (from {})", name, next, from);
        if (failed != null) {
            LOG.error("{} could not keep {} (from {}): {}; it holds it in memory, and learns it again from its"
                    + " log or a snapshot after a restart", name, next, from, failed.toString());
            return new UncheckedIOException("feature levels of " + name + " not kept: " + failed.getMessage(),
                    failed);
        }
        return next;
    }

    /** Refuses {@code next} before anything is written if it does not start with {@code now}. */
    private static void checkExtends(FeatureLevels now, FeatureLevels next) {
        if (!next.levels().subList(0, now.currentLevel()).equals(now.levels())) {
            throw new IllegalArgumentException("feature levels " + next + " disagree with " + now
                    + " (expected: this member's history followed by later levels)");
        }
    }
}
