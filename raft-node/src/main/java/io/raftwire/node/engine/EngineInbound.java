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
 * engine's handler with the store's flush made asynchronous; and, with a {@link FailureDetector}, the detector notes
 * every message from a leader and hands the engine its pre-vote and vote requests (described there). Called on
 * transport I/O threads; thread-safe (each path only enqueues on the node's Raft thread).
 */
public final class EngineInbound {

    private final RaftNode node;
    private final RaftNodeImpl engine;
    private final GroupCommit store;
    private final FailureDetector detector;

    /** {@link #EngineInbound(RaftNode, GroupCommit)} for a store whose flush is durable on return. */
    public EngineInbound(RaftNode node) {
        this(node, GroupCommit.IMMEDIATE);
    }

    /** {@link #EngineInbound(RaftNode, GroupCommit, FailureDetector)} without raftwire's failure detector. */
    public EngineInbound(RaftNode node, GroupCommit store) {
        this(node, store, null);
    }

    /**
     * @param node     the local node messages go to; any engine (the workarounds apply to MicroRaft 0.7's only)
     * @param store    the node's store, whose flushes the follower's AppendEntries handling makes asynchronous
     * @param detector the node's failure detector, or {@code null} for the engine's own timeouts only
     */
    public EngineInbound(RaftNode node, GroupCommit store, FailureDetector detector) {
        this.node = node;
        this.engine = node instanceof RaftNodeImpl impl ? impl : null;
        this.store = Objects.requireNonNull(store, "store");
        this.detector = engine == null ? null : detector;
    }

    /** Hands {@code message} to the node; returns at once. The message is shared, never modified. */
    public void deliver(RaftMessage message) {
        if (detector != null) {
            detector.heard(message);
            if (detector.deliver(message)) {
                return;
            }
        }
        if (engine != null && message instanceof AppendEntriesRequest request) {
            SnapshottedPreviousEntry.deliver(engine, store, request);
        } else {
            node.handle(message);
        }
    }
}
