package io.raftwire.node.level;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A member's (or a client's) view of its cluster's feature levels: the history it has applied or learned. One per
 * member and Raft group; the state machine wrapper {@link #advance advances} it as it applies level operations and
 * installs snapshots, everyone else reads it.
 *
 * <p>Thread-safe: {@link #get} is a volatile read; listeners run on the thread that advanced the state, after the new
 * history is visible, and must not block.
 */
public final class LevelState {

    private volatile FeatureLevels levels;
    private final List<Consumer<FeatureLevels>> listeners = new CopyOnWriteArrayList<>();

    /** @param initial the history read at start-up ({@link FeatureLevels#NONE} if none was recorded) */
    public LevelState(FeatureLevels initial) {
        this.levels = Objects.requireNonNull(initial, "initial");
    }

    /** The history as of now. */
    public FeatureLevels get() {
        return levels;
    }

    /**
     * Replaces the history with a longer one that starts with the current one (a level applied from the log, or a
     * snapshot's history), and tells the listeners. A history that is not longer changes nothing.
     *
     * @throws IllegalArgumentException if {@code next} does not start with the current history's levels (two
     *                                  histories of one cluster never disagree)
     */
    public synchronized void advance(FeatureLevels next) {
        FeatureLevels now = levels;
        if (next.currentLevel() <= now.currentLevel()) {
            if (!now.levels().subList(0, next.currentLevel()).equals(next.levels())) {
                throw new IllegalArgumentException("feature levels " + next + " disagree with " + now
                        + " (expected: a prefix of this member's history)");
            }
            return;
        }
        if (!next.levels().subList(0, now.currentLevel()).equals(now.levels())) {
            throw new IllegalArgumentException("feature levels " + next + " disagree with " + now
                    + " (expected: this member's history followed by later levels)");
        }
        levels = next;
        for (Consumer<FeatureLevels> l : listeners) {
            l.accept(next);
        }
    }

    /** Adds a listener told of every later advance. */
    public void onAdvance(Consumer<FeatureLevels> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }
}
