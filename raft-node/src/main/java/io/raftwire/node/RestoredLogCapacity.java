package io.raftwire.node;

import io.microraft.impl.log.RaftLog;
import io.microraft.model.log.LogEntry;
import io.microraft.model.log.SnapshotEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;

/**
 * Whether MicroRaft's log can hold the entries a node restores. MicroRaft 0.7 restores the entries after the snapshot
 * into a ring of {@code RaftLog.getLogCapacity(snapshot-interval, max-pending-entries)} slots (the interval, the
 * pending entries and a tenth of the interval, at least 1). Entries beyond it silently overwrite the oldest ones and
 * the node fails at start with a {@code NullPointerException} in {@code applyRestoredRaftGroupOps}. A directory
 * written with larger settings can hold that many, so a node that lowered them is refused before MicroRaft sees its
 * state. Stateless.
 */
final class RestoredLogCapacity {

    private RestoredLogCapacity() {
    }

    /**
     * MicroRaft's log capacity for a configuration.
     *
     * @param config the node's configuration ({@code raftwire.raft.snapshot-interval} and
     *               {@code raftwire.raft.max-pending-entries})
     */
    static int of(RaftwireConfig config) {
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
    static void check(RestoredRaftState restored, RaftwireConfig config, String source) {
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
