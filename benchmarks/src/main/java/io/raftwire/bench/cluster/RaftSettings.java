package io.raftwire.bench.cluster;

import io.microraft.RaftConfig;
import io.raftwire.config.ConfigKeys;

/**
 * The engine settings every cluster of the benchmark runs with: raftwire's defaults ({@code raftwire.raft.*}), given
 * to the ideal cluster's MicroRaft too, so that both run the same engine configuration (election timeout 1 s,
 * AppendEntries batches of 1000 entries, a snapshot every 50,000 commits, 5000 pending entries).
 */
final class RaftSettings {

    private RaftSettings() {
    }

    /** MicroRaft's configuration with raftwire's default values. */
    static RaftConfig raftConfig() {
        return RaftConfig.newBuilder()
                .setLeaderElectionTimeoutMillis(ConfigKeys.RAFT_ELECTION_TIMEOUT_MS.defaultValue())
                .setLeaderHeartbeatPeriodSecs(ConfigKeys.RAFT_HEARTBEAT_PERIOD_SECS.defaultValue())
                .setLeaderHeartbeatTimeoutSecs(ConfigKeys.RAFT_HEARTBEAT_TIMEOUT_SECS.defaultValue())
                .setAppendEntriesRequestBatchSize(ConfigKeys.RAFT_APPEND_BATCH_SIZE.defaultValue())
                .setCommitCountToTakeSnapshot(ConfigKeys.RAFT_SNAPSHOT_INTERVAL.defaultValue())
                .setMaxPendingLogEntryCount(ConfigKeys.RAFT_MAX_PENDING_ENTRIES.defaultValue())
                .build();
    }
}
