package io.raftwire.node.engine;

import io.microraft.RaftNode;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.model.message.AppendEntriesRequest;
import io.microraft.model.message.RaftMessage;
import io.raftwire.node.store.GroupCommit;

import java.util.Objects;

/**
 * How a message reaches one local Raft node: {@link RaftNode#handle} for every message, except that MicroRaft 0.7's
 * engine ({@code RaftNodeImpl}) gets its AppendEntries requests through {@link SnapshottedPreviousEntry}, the
 * workaround for the engine refusing a previous entry inside its snapshot (described there), which also runs the
 * engine's handler with the store's flush made asynchronous. Called on transport I/O threads; thread-safe (each path
 * only enqueues on the node's Raft thread).
 */
public final class EngineInbound {

    private final RaftNode node;
    private final RaftNodeImpl engine;
    private final GroupCommit store;

    /** {@link #EngineInbound(RaftNode, GroupCommit)} for a store whose flush is durable on return. */
    public EngineInbound(RaftNode node) {
        this(node, GroupCommit.IMMEDIATE);
    }

    /**
     * @param node  the local node messages go to; any engine (the workaround applies to MicroRaft 0.7's only)
     * @param store the node's store, whose flushes the follower's AppendEntries handling makes asynchronous
     */
    public EngineInbound(RaftNode node, GroupCommit store) {
        this.node = node;
        this.engine = node instanceof RaftNodeImpl impl ? impl : null;
        this.store = Objects.requireNonNull(store, "store");
    }

    /** Hands {@code message} to the node; returns at once. The message is shared, never modified. */
    public void deliver(RaftMessage message) {
        if (engine != null && message instanceof AppendEntriesRequest request) {
            SnapshottedPreviousEntry.deliver(engine, store, request);
        } else {
            node.handle(message);
        }
    }
}
