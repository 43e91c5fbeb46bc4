package io.raftwire.node;

import io.microraft.model.log.LogEntry;
import io.microraft.model.log.SnapshotChunk;
import io.microraft.model.log.SnapshotEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;

/**
 * The feature levels a member reaches once it applies what its data directory restored: {@code level.state} can be
 * behind its snapshot and log (a member stopped after a record reached its log but before it applied it, or its write
 * of {@code level.state} failed), and the start-up check must see the level the member is about to apply.
 *
 * @param levels the history after the restored snapshot's level chunk and the log's record entries, each taken only if
 *               it records the next level after the history so far (as the recorder applies it)
 * @param where  where the highest of them is, in words ({@code "its log at index 5"}), or {@code null} if none of them
 *               goes beyond what {@code level.state} kept
 */
record RestoredLevels(FeatureLevels levels, String where) {

    /** What {@code restored} adds to {@code kept}, the history {@code level.state} holds. */
    static RestoredLevels of(FeatureLevels kept, RestoredRaftState restored) {
        RestoredLevels found = new RestoredLevels(kept, null);
        if (restored == null) {
            return found;
        }
        SnapshotEntry snapshot = restored.getSnapshotEntry();
        if (snapshot != null && snapshot.getOperation() instanceof Iterable<?> chunks) {
            for (Object chunk : chunks) {
                Object op = chunk instanceof SnapshotChunk c ? c.getOperation() : chunk;
                found = found.after(op, "its snapshot at index " + snapshot.getIndex());
            }
        }
        for (LogEntry entry : restored.getLogEntries()) {
            found = found.after(entry.getOperation(), "its log at index " + entry.getIndex());
        }
        return found;
    }

    /** This, or the history {@code op} records if it is the next level after this one's. */
    private RestoredLevels after(Object op, String at) {
        if (!LevelOperations.isRecord(op)) {
            return this;
        }
        FeatureLevels next;
        try {
            next = FeatureLevels.fromBytes(((PrimitiveOperation) op).value());
        } catch (IllegalArgumentException e) {
            return this; // refused when applied, by every member alike: it raises nothing
        }
        boolean extends1 = next.currentLevel() == levels.currentLevel() + 1
                && next.levels().subList(0, levels.currentLevel()).equals(levels.levels());
        return extends1 ? new RestoredLevels(next, at) : this;
    }
}
