package io.raftwire.node.transport;

import io.microraft.RaftNode;
import io.microraft.impl.RaftNodeImpl;
import io.microraft.model.message.AppendEntriesRequest;
import io.microraft.model.message.RaftMessage;

/**
 * How a message reaches one local Raft node: {@link RaftNode#handle} for every message, except that MicroRaft 0.7's
 * engine ({@code RaftNodeImpl}) gets its AppendEntries requests through {@link SnapshottedPreviousEntry}, the
 * liveness workaround for that version. Called on transport I/O threads; thread-safe (each path only enqueues on the
 * node's Raft thread).
 */
final class EngineInbound {

    private final RaftNode node;
    private final RaftNodeImpl engine;

    EngineInbound(RaftNode node) {
        this.node = node;
        this.engine = node instanceof RaftNodeImpl impl ? impl : null;
    }

    /** Hands {@code message} to the node; returns at once. */
    void deliver(RaftMessage message) {
        if (engine != null && message instanceof AppendEntriesRequest request) {
            SnapshottedPreviousEntry.deliver(engine, request);
        } else {
            node.handle(message);
        }
    }
}
