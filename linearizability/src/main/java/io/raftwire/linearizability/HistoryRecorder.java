package io.raftwire.linearizability;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.LongSupplier;

/**
 * Records what clients did, for {@link LinearizabilityChecker}: a client calls {@link #invoke} just before sending an
 * operation and completes the returned {@link Invocation} once, as soon as it knows the outcome.
 *
 * <pre>{@code
 * Invocation inv = recorder.invoke("client-1", KvInput.put("k", "v7"));
 * store.put("k", "v7").whenComplete((version, failure) -> {
 *     if (failure == null) inv.ok(KvOutput.written(version));
 *     else if (certainlyNotApplied(failure)) inv.failed();
 *     else inv.ambiguous();
 * });
 * }</pre>
 *
 * <p>Thread-safe and cheap: two clock reads, one set insert and removal, one lock-free queue append and one shared
 * (read) lock per operation.
 * An invocation still open when {@link #history()} is taken is reported {@link Outcome.Ambiguous ambiguous}.
 */
public final class HistoryRecorder {

    private final LongSupplier clock;
    private final Set<Invocation> open = ConcurrentHashMap.newKeySet();
    private final ConcurrentLinkedQueue<Operation> done = new ConcurrentLinkedQueue<>();
    /** Completions share it; {@link #history()} takes it alone, so that no operation is seen twice or not at all. */
    private final ReadWriteLock snapshotLock = new ReentrantReadWriteLock();

    /** Times from {@link System#nanoTime()}. */
    public HistoryRecorder() {
        this(System::nanoTime);
    }

    /** @param clock nanoseconds, never going back, shared by every client of the history */
    public HistoryRecorder(LongSupplier clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Records the call of an operation, now.
     *
     * @param clientId the client; not empty
     * @return the handle to complete exactly once
     */
    public Invocation invoke(String clientId, KvInput input) {
        Objects.requireNonNull(clientId, "clientId");
        Objects.requireNonNull(input, "input");
        if (clientId.isEmpty()) {
            throw new IllegalArgumentException("clientId is empty (expected: at least one character)");
        }
        Invocation inv = new Invocation(clientId, clock.getAsLong(), input);
        open.add(inv);
        return inv;
    }

    /**
     * Every operation recorded so far: the completed ones (failed ones included; the checker leaves them out) and the
     * open ones as ambiguous. A snapshot; recording may go on.
     */
    public List<Operation> history() {
        snapshotLock.writeLock().lock();
        try {
            List<Operation> out = new ArrayList<>(done);
            for (Invocation inv : open) {
                out.add(Operation.ambiguous(inv.clientId, inv.callNanos, inv.input));
            }
            return out;
        } finally {
            snapshotLock.writeLock().unlock();
        }
    }

    /** Operations not yet completed. */
    public int openCount() {
        return open.size();
    }

    /** One recorded call, to be completed exactly once, from any thread. */
    public final class Invocation {
        private final String clientId;
        private final long callNanos;
        private final KvInput input;
        private final AtomicBoolean completed = new AtomicBoolean();

        private Invocation(String clientId, long callNanos, KvInput input) {
            this.clientId = clientId;
            this.callNanos = callNanos;
            this.input = input;
        }

        /**
         * The store answered.
         *
         * @throws IllegalArgumentException if the output is not of the kind that answers the input (nothing recorded)
         * @throws IllegalStateException    if already completed
         */
        public void ok(KvOutput output) {
            complete(Operation.ok(clientId, callNanos, Math.max(callNanos, clock.getAsLong()), input, output));
        }

        /**
         * The store certainly did not apply it.
         *
         * @throws IllegalStateException if already completed
         */
        public void failed() {
            complete(Operation.failed(clientId, callNanos, Math.max(callNanos, clock.getAsLong()), input));
        }

        /**
         * The outcome is unknown (timeout, connection lost): it may have been applied.
         *
         * @throws IllegalStateException if already completed
         */
        public void ambiguous() {
            complete(Operation.ambiguous(clientId, callNanos, input));
        }

        private void complete(Operation op) {
            if (!completed.compareAndSet(false, true)) {
                throw new IllegalStateException(
                        clientId + " " + input + " is already completed (expected: one completion per invocation)");
            }
            snapshotLock.readLock().lock();
            try {
                done.add(op);
                open.remove(this);
            } finally {
                snapshotLock.readLock().unlock();
            }
        }
    }
}
