package io.raftwire.node.engine;

import io.microraft.RaftNode;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.model.message.AppendEntriesRequest;
import io.microraft.model.message.RaftMessage;

/**
 * How a message reaches one local Raft node: {@link RaftNode#handle} for every message, except that MicroRaft 0.7's
 * engine ({@code RaftNodeImpl}) gets its AppendEntries requests through {@link SnapshottedPreviousEntry}, the
 * workaround for the engine refusing a previous entry inside its snapshot (described there). Called on transport I/O
 * threads; thread-safe (each path only enqueues on the node's Raft thread).
 */
public final class EngineInbound {

    private final RaftNode node;
    private final RaftNodeImpl engine;

    /** @param node the local node messages go to; any engine (the workaround applies to MicroRaft 0.7's only) */
    public EngineInbound(RaftNode node) {
        this.node = node;
        this.engine = node instanceof RaftNodeImpl impl ? impl : null;
    }

    /** Hands {@code message} to the node; returns at once. The message is shared, never modified. */
    public void deliver(RaftMessage message) {
        if (engine != null && message instanceof AppendEntriesRequest request) {
            SnapshottedPreviousEntry.deliver(engine, request);
        } else {
            node.handle(message);
        }
    }
}
