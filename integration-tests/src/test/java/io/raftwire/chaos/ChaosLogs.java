package io.raftwire.chaos;

import io.raftwire.transport.netty.testkit.LogCapture;

/**
 * The warnings a chaos run provokes on purpose, kept out of the build output: connection failures and resets
 * (transport lanes), half-open connections closed by the idle timeout, elections, heartbeat timeouts, truncated
 * entries, invalidated futures and terminations (MicroRaft), torn log tails after a kill (store), a stale pre-vote state cleared after a restart (engine).
 * Anything else still prints, so an unexpected warning stands out.
 */
final class ChaosLogs {

    static final String[] LOGGERS = {
        "io.raftwire.transport.netty.Lane",
        "io.raftwire.transport.netty.KeepAliveHandler",
        "io.raftwire.transport.netty.ServerHandshakeHandler",
        "io.raftwire.transport.netty.ClientHandshakeHandler",
        "io.raftwire.transport.netty.ChannelErrorHandler",
        "io.raftwire.node.store.StoreOptions",
        "io.raftwire.node.engine.StalePreVoteWatchdog",
        "io.microraft.RaftNode",
        "io.microraft.impl.RaftNodeImpl",
        "io.microraft.impl.state.RaftState",
        "io.microraft.impl.handler.AppendEntriesSuccessResponseHandler",
        "io.microraft.impl.handler.AppendEntriesRequestHandler",
        "io.microraft.impl.handler.InstallSnapshotResponseHandler",
        "io.microraft.impl.handler.InstallSnapshotRequestHandler",
        "io.microraft.impl.handler.VoteResponseHandler",
        "io.microraft.impl.handler.TriggerLeaderElectionHandler",
        "io.microraft.impl.handler.VoteRequestHandler",
        "io.microraft.impl.handler.PreVoteResponseHandler",
        "io.microraft.impl.handler.PreVoteRequestHandler",
        "io.microraft.impl.handler.AppendEntriesFailureResponseHandler",
        "io.microraft.impl.task.FlushTask",
        "io.microraft.impl.task.TransferLeadershipTask",
        "io.microraft.impl.task.MembershipChangeTask",
        "io.microraft.impl.task.ReplicateTask",
        "io.microraft.impl.task.PreVoteTask",
        "io.microraft.impl.task.LeaderElectionTimeoutTask",
        "io.microraft.impl.task.QueryTask",
        "io.microraft.impl.task.PreVoteTimeoutTask",
        "io.microraft.impl.task.HeartbeatTask",
        "io.microraft.impl.task.LeaderElectionTask",
        "io.microraft.impl.task.LeaderBackoffResetTask",
    };

    private ChaosLogs() {
    }

    static LogCapture capture() {
        return LogCapture.of("WARN", LOGGERS);
    }
}
