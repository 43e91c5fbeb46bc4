package io.raftwire.cluster;

import io.microraft.statemachine.StateMachine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A state machine that records every operation it applies, in order, so tests can compare members entry by entry.
 * Snapshots carry the whole list in one chunk. Called on the Raft thread; {@link #applied()} copies under a lock so
 * tests may read it from any thread.
 */
public final class RecordingStateMachine implements StateMachine {

    /** A test command: a registered user type. */
    public record Append(String client, long sequence, byte[] payload) {
    }

    /** The new-term operation. */
    public record NewTerm(long marker) {
    }

    /** The snapshot chunk. */
    public record Chunk(List<Append> applied) {
    }

    private final List<Append> applied = new ArrayList<>();

    @Override
    public synchronized Object runOperation(long commitIndex, Object operation) {
        if (operation instanceof Append a) {
            applied.add(a);
            return applied.size();
        }
        return null;
    }

    @Override
    public synchronized void takeSnapshot(long commitIndex, Consumer<Object> consumer) {
        consumer.accept(new Chunk(List.copyOf(applied)));
    }

    @Override
    public synchronized void installSnapshot(long commitIndex, List<Object> chunks) {
        applied.clear();
        for (Object c : chunks) {
            applied.addAll(((Chunk) c).applied());
        }
    }

    @Override
    public Object getNewTermOperation() {
        return new NewTerm(0);
    }

    synchronized List<Append> applied() {
        return List.copyOf(applied);
    }
}
