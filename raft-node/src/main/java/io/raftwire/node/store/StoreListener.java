package io.raftwire.node.store;

/**
 * Told what a {@link FileRaftStore} writes, for metrics. Called on the thread that does the work (the Raft thread, or
 * the thread that forces the files); implementations must be thread-safe, quick, and must not throw.
 */
public interface StoreListener {

    /** Tells nothing. */
    StoreListener NONE = new StoreListener() {
    };

    /**
     * One fsync of a file or a directory finished.
     *
     * @param nanos how long it took, in nanoseconds (monotonic clock)
     */
    default void onForce(long nanos) {
    }

    /**
     * Log entries were appended to a segment (not yet forced).
     *
     * @param bytes the bytes written, record framing included
     */
    default void onAppend(int bytes) {
    }

    /**
     * The log now has this many segment files (after an append started one, or a truncation deleted some).
     *
     * @param count the segment files of the log
     */
    default void onSegments(int count) {
    }

    /**
     * A chunk of a snapshot was written to the snapshot's file (a snapshot this member took or one a leader sent).
     *
     * @param index the log index of the snapshot
     * @param bytes the bytes written, record framing included
     */
    default void onSnapshotChunk(long index, int bytes) {
    }
}
