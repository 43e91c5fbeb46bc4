package io.raftwire.node.metrics;

import io.microraft.statemachine.StateMachine;

import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Passes every call to the node's state machine and tells {@link RaftGroupMetrics} the index each operation was
 * applied at and how long each snapshot took. Called on the Raft thread only, like any state machine.
 */
public final class MeteredStateMachine implements StateMachine {

    private final StateMachine delegate;
    private final RaftGroupMetrics metrics;

    /**
     * @param delegate the state machine the engine would otherwise be given
     * @param metrics  where applied indices and snapshot times go
     */
    public MeteredStateMachine(StateMachine delegate, RaftGroupMetrics metrics) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    @Override
    public Object runOperation(long commitIndex, Object operation) {
        Object result = delegate.runOperation(commitIndex, operation);
        metrics.applied(commitIndex);
        return result;
    }

    @Override
    public void takeSnapshot(long commitIndex, Consumer<Object> snapshotChunkConsumer) {
        long start = System.nanoTime();
        delegate.takeSnapshot(commitIndex, snapshotChunkConsumer);
        metrics.snapshotTaken(System.nanoTime() - start);
    }

    @Override
    public void installSnapshot(long commitIndex, List<Object> snapshotChunks) {
        delegate.installSnapshot(commitIndex, snapshotChunks);
        metrics.applied(commitIndex);
    }

    @Override
    public Object getNewTermOperation() {
        return delegate.getNewTermOperation();
    }
}
