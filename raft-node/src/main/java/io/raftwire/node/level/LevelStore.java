package io.raftwire.node.level;

import java.io.IOException;

/**
 * Where a group keeps its feature levels across restarts: {@code level.state} in its data directory
 * ({@link io.raftwire.node.store.LevelFile}), or nowhere for a member without one ({@link #MEMORY}).
 */
@FunctionalInterface
public interface LevelStore {

    /** Keeps nothing: a member without a data directory, whose Raft state is in memory only. */
    LevelStore MEMORY = levels -> { };

    /**
     * Replaces the kept history durably: when this returns, a power loss keeps {@code levels}. Called on the group's
     * Raft thread.
     *
     * @throws IOException if it could not be written or forced
     */
    void write(FeatureLevels levels) throws IOException;
}
