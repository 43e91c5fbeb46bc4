package io.raftwire.node.engine;

import io.microraft.RaftNode;
import io.microraft.RaftNodeStatus;
import io.microraft.executor.RaftNodeExecutor;
import io.microraft.executor.impl.DefaultRaftNodeExecutor;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.impl.log.RaftLog;
import io.microraft.impl.state.LeaderState;
import io.microraft.impl.task.FlushTask;
import io.microraft.lifecycle.RaftNodeLifecycleAware;
import io.raftwire.node.store.GroupCommit;

import java.util.Objects;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The seam that takes the leader's fsync off MicroRaft 0.7's Raft thread: the node's {@link RaftNodeExecutor}
 * (MicroRaft's {@link DefaultRaftNodeExecutor}, one Raft thread) with every submitted {@code FlushTask} replaced by an
 * asynchronous flush. Not a bug of the engine: its {@code RaftStore} contract (flush returns = durable, called on the
 * Raft thread) makes every member's Raft thread wait for an fsync.
 *
 * <p>The wrapped executor is MicroRaft's {@link DefaultRaftNodeExecutor} or, on a member with a shared pool, a
 * group's serial executor over it.
 *
 * <p><b>What the engine does.</b> {@code RaftNodeImpl.sendAppendEntriesRequest} calls
 * {@code submitLeaderFlushTask}, which submits its {@code FlushTask} through this executor once per
 * {@code LeaderState.flushTaskSubmitted} cycle; {@code RaftNodeImpl.takeSnapshot} and {@code installSnapshot} submit a
 * new {@code FlushTask} the same way. {@code FlushTask.doRun} (a {@code RaftNodeStatusAwareTask}: it does nothing when
 * the node is {@code INITIAL} or terminal, and logs what it throws) calls {@code RaftLog.flush()} (the store's
 * {@code flush()} when the log is dirty), then, on a leader, {@code flushTaskSubmitted(false)},
 * {@code flushedLogIndex(lastLogOrSnapshotIndex)} and {@code tryAdvanceCommitIndex()};
 * {@code RaftNodeImpl.findQuorumMatchIndex} counts the leader at {@code flushedLogIndex} (Raft dissertation §10.2.1).
 *
 * <p><b>What replaces it</b>, with the same status check and error logging: on the Raft thread, capture the last log
 * index, run {@code RaftLog.flush()} inside {@link GroupCommit#flushAsynchronously} (the store hands the writes to its
 * sync thread and returns), on a leader clear {@code flushTaskSubmitted} at once (so the next replication may ask for
 * the next flush while this one runs), and when the store's current ticket is durable, back on the Raft thread, if the
 * same {@code LeaderState} is still current and the node not terminal, raise {@code flushedLogIndex} to the captured
 * index and call {@code tryAdvanceCommitIndex()}. The leader so counts itself once its own entries are durable, in
 * parallel with replication.
 *
 * <p>Left synchronous: {@code RaftNodeImpl.toSingletonLeader} runs its {@code FlushTask} directly, not through the
 * executor, so the store's flush there is durable on return. A {@code LeaderState} starts with
 * {@code flushedLogIndex} = the last log index ({@code RaftState.toLeader}); that holds because {@code toCandidate}
 * persists the new term first, and {@code FileRaftStore.persistAndFlushTerm} forces the log before it.
 *
 * <p>Uses {@code RaftNodeImpl}, {@code RaftLog}, {@code LeaderState} and {@code FlushTask} of MicroRaft 0.7
 * ({@code EngineVersionTest}). Thread-safe as the executor it wraps; {@link #bind} once, before the node starts.
 */
public final class AsyncFlushExecutor implements RaftNodeExecutor, RaftNodeLifecycleAware {

    private static final Logger LOG = LoggerFactory.getLogger(AsyncFlushExecutor.class);

    private final RaftNodeExecutor executor;
    private final GroupCommit store;
    private volatile RaftNodeImpl node;

    /** @param store the node's store; with {@link GroupCommit#IMMEDIATE} nothing is replaced */
    public AsyncFlushExecutor(GroupCommit store) {
        this(store, new DefaultRaftNodeExecutor());
    }

    /**
     * @param store    the node's store; with {@link GroupCommit#IMMEDIATE} nothing is replaced
     * @param executor what runs the tasks (a group's executor on a member's shared threads); told of the node's start
     *                 and termination if it is {@link RaftNodeLifecycleAware}
     */
    public AsyncFlushExecutor(GroupCommit store, RaftNodeExecutor executor) {
        this.store = Objects.requireNonNull(store, "store");
        this.executor = Objects.requireNonNull(executor, "executor");
    }

    /**
     * Tells the executor which node it runs; without it (or for an engine other than MicroRaft 0.7's) every task runs
     * unchanged.
     */
    public void bind(RaftNode raftNode) {
        if (raftNode instanceof RaftNodeImpl impl && store != GroupCommit.IMMEDIATE) {
            this.node = impl;
        }
    }

    @Override
    public void execute(Runnable task) {
        executor.execute(replace(task));
    }

    @Override
    public void submit(Runnable task) {
        executor.submit(replace(task));
    }

    @Override
    public void schedule(Runnable task, long delay, TimeUnit timeUnit) {
        executor.schedule(replace(task), delay, timeUnit);
    }

    @Override
    public void onRaftNodeStart() {
        if (executor instanceof RaftNodeLifecycleAware l) {
            l.onRaftNodeStart();
        }
    }

    @Override
    public void onRaftNodeTerminate() {
        if (executor instanceof RaftNodeLifecycleAware l) {
            l.onRaftNodeTerminate();
        }
    }

    private Runnable replace(Runnable task) {
        RaftNodeImpl n = node;
        return n != null && task instanceof FlushTask ? () -> flush(n) : task;
    }

    /** The asynchronous {@code FlushTask.run}; on the Raft thread. */
    private void flush(RaftNodeImpl n) {
        if (!runs(n)) {
            return;
        }
        try {
            RaftLog log = n.state().log();
            long target = log.lastLogOrSnapshotIndex();
            store.flushAsynchronously(log::flush);
            LeaderState leader = n.state().leaderState();
            if (leader == null) {
                return;
            }
            leader.flushTaskSubmitted(false);
            store.whenDurable(store.lastTicket(), () -> {
                try {
                    executor.execute(() -> flushed(n, leader, target));
                } catch (RejectedExecutionException e) {
                    LOG.debug("{} terminated before its flush up to {} completed", n.localEndpointStr(), target);
                }
            });
        } catch (Throwable e) {
            LOG.error("{} got a failure in the asynchronous flush", n.localEndpointStr(), e);
        }
    }

    /** The leader's entries up to {@code target} are durable; on the Raft thread. */
    private static void flushed(RaftNodeImpl n, LeaderState leader, long target) {
        if (!runs(n) || n.state().leaderState() != leader || target <= leader.flushedLogIndex()) {
            return;
        }
        try {
            leader.flushedLogIndex(target);
            n.tryAdvanceCommitIndex();
        } catch (Throwable e) {
            LOG.error("{} got a failure advancing the commit index after a flush", n.localEndpointStr(), e);
        }
    }

    /** As {@code RaftNodeStatusAwareTask.run}: nothing runs on a node that has not started or has terminated. */
    private static boolean runs(RaftNodeImpl n) {
        RaftNodeStatus status = n.getStatus();
        return !RaftNodeStatus.isTerminal(status) && status != RaftNodeStatus.INITIAL;
    }
}
