package io.raftwire.node.engine;

import io.microraft.impl.log.RaftLog;
import io.microraft.model.log.LogEntry;
import io.microraft.model.log.SnapshotEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;

/**
 * Whether MicroRaft's log can hold the entries a node restores: works around MicroRaft 0.7 losing restored entries
 * silently. A directory written with larger settings can hold more entries after its snapshot than the log holds with
 * smaller ones, so a node that lowered them is refused before MicroRaft sees its state. Stateless.
 *
 * <p><b>Where in the engine.</b> {@code RaftLog.restore(capacity, snapshot, entries)} puts the entries after the
 * snapshot into a ring of {@code RaftLog.getLogCapacity(snapshot-interval, max-pending-entries)} slots (the interval,
 * the pending entries and a tenth of the interval, at least 1) without checking the count: entries beyond it
 * overwrite the oldest ones, and the node then fails at start with a {@code NullPointerException} in
 * {@code RaftNodeImpl.applyRestoredRaftGroupOps}, far from the cause. {@link #of} asks the engine's own
 * {@code RaftLog.getLogCapacity}, so the check follows the engine's formula; {@code RestoredLogCapacityTest} shows
 * {@code RaftLog.restore} overwriting the first entry when one more is restored.
 */
public final class RestoredLogCapacity {

    private RestoredLogCapacity() {
    }

    /**
     * MicroRaft's log capacity for a configuration.
     *
     * @param config the node's configuration ({@code raftwire.raft.snapshot-interval} and
     *               {@code raftwire.raft.max-pending-entries})
     */
    public static int of(RaftwireConfig config) {
        return RaftLog.getLogCapacity(config.get(ConfigKeys.RAFT_SNAPSHOT_INTERVAL),
                config.get(ConfigKeys.RAFT_MAX_PENDING_ENTRIES));
    }

    /**
     * Checks that MicroRaft can restore {@code restored} with {@code config}.
     *
     * @param restored the state to restore
     * @param config   the node's configuration
     * @param source   where the state comes from, for the message (for example {@code data directory data/node-1
     *                 (raftwire.node.data-dir)})
     * @throws IllegalArgumentException if more entries follow the snapshot than the log holds; the message names the
     *                                  source, the count, both settings and what to do
     */
    public static void check(RestoredRaftState restored, RaftwireConfig config, String source) {
        SnapshotEntry snapshot = restored.getSnapshotEntry();
        long snapshotIndex = snapshot == null ? 0 : snapshot.getIndex();
        long entries = 0;
        for (LogEntry e : restored.getLogEntries()) {
            if (e.getIndex() > snapshotIndex) {
                entries++; // MicroRaft restores only these
            }
        }
        int capacity = of(config);
        if (entries > capacity) {
            throw new IllegalArgumentException(source + " holds " + entries + " log entries after "
                    + (snapshot == null ? "no snapshot" : "its snapshot at index " + snapshotIndex)
                    + ", more than MicroRaft's log holds with " + ConfigKeys.RAFT_SNAPSHOT_INTERVAL.name() + " = "
                    + config.get(ConfigKeys.RAFT_SNAPSHOT_INTERVAL) + " and "
                    + ConfigKeys.RAFT_MAX_PENDING_ENTRIES.name() + " = "
                    + config.get(ConfigKeys.RAFT_MAX_PENDING_ENTRIES)
                    + " (expected: at most " + capacity + ", snapshot-interval + max-pending-entries + a tenth of "
                    + "snapshot-interval; start the node once with the settings the directory was written with until "
                    + "it takes a snapshot, or raise them)");
        }
    }
}
