package io.raftwire.node.kv;

/**
 * The first chunk of every {@link KvStateMachine} snapshot: what the following chunks must add up to, so that a
 * missing or foreign chunk is detected before anything is installed. Registered as {@link KvTypes#SNAPSHOT_HEADER}.
 * Immutable and thread-safe.
 *
 * @param format       the snapshot format, {@value #FORMAT}; a reader refuses any other
 * @param index        the commit index the snapshot was taken at; {@code >= 0}
 * @param clock        the state machine's session clock (the newest leader timestamp applied), in milliseconds
 *                     since the epoch; {@code >= 0}
 * @param sessionCount how many open sessions the session chunks hold
 * @param resultCount  how many cached command results the session chunks hold
 * @param keyCount     how many keys the {@link KvSnapshotChunk}s hold
 */
public record KvSnapshotHeader(int format, long index, long clock, int sessionCount, int resultCount, int keyCount) {

    /** The snapshot format this code writes and reads. */
    public static final int FORMAT = 1;

    /**
     * Validates.
     *
     * @throws IllegalArgumentException if a number is negative
     */
    public KvSnapshotHeader {
        KvLimits.count(format, "format");
        KvLimits.version(index, "index", 0);
        KvLimits.version(clock, "clock", 0);
        KvLimits.count(sessionCount, "sessionCount");
        KvLimits.count(resultCount, "resultCount");
        KvLimits.count(keyCount, "keyCount");
    }
}
