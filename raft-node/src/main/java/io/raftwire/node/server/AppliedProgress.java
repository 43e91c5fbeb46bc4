package io.raftwire.node.server;

import java.time.Clock;

/**
 * What a member's state machine has been given so far: the highest log index, and the newest snapshot it took or
 * installed (index, chunk count, when). Written on the Raft thread by {@link SessionTrackingStateMachine}, read by
 * {@link AdminService} on any thread; each value is read on its own, so a reader may see a snapshot's index with the
 * previous snapshot's chunk count for an instant. Thread-safe.
 */
public final class AppliedProgress {

    private final Clock clock;
    private volatile long appliedIndex;
    private volatile long snapshotIndex;
    private volatile long snapshotChunks;
    private volatile long snapshotMillis;

    /** @param clock stamps snapshots with this process's wall clock */
    public AppliedProgress(Clock clock) {
        this.clock = clock;
    }

    /** The state machine was given an operation or query at {@code index}. Raft thread only. */
    void applied(long index) {
        if (index > appliedIndex) {
            appliedIndex = index;
        }
    }

    /** The state machine took or installed a snapshot at {@code index}, in {@code chunks} chunks. Raft thread only. */
    void snapshot(long index, long chunks) {
        applied(index);
        snapshotChunks = chunks;
        snapshotMillis = clock.millis();
        snapshotIndex = index;
    }

    /** The highest log index the state machine has been given; 0 if none. */
    public long appliedIndex() {
        return appliedIndex;
    }

    /** The index of the newest snapshot taken or installed since this process started; 0 if none. */
    public long snapshotIndex() {
        return snapshotIndex;
    }

    /** How many chunks that snapshot has; 0 if none. */
    public long snapshotChunks() {
        return snapshotChunks;
    }

    /** When that snapshot was taken or installed, in milliseconds since the epoch; 0 if none. */
    public long snapshotMillis() {
        return snapshotMillis;
    }
}
