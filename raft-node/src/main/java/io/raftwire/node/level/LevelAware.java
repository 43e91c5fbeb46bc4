package io.raftwire.node.level;

/**
 * A state machine (or codec) that reads its group's feature levels: the group attaches its {@link LevelState} once,
 * before the first operation is applied and before the first client request is served.
 */
public interface LevelAware {

    /**
     * @param levels the group's feature levels; the caller keeps advancing it
     * @throws IllegalStateException if a state was attached already
     */
    void attachLevels(LevelState levels);
}
