package io.raftwire.node.store;

import io.raftwire.node.model.LogEntryModel;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Where a {@link FileRaftStore} keeps its group's log entries and how it makes them durable: a log of the group's own
 * ({@link OwnLog}, a member of one group) or its part of the member's {@link SharedLog} (more than one group). Tickets
 * and callbacks have {@link GroupCommit}'s meaning. Used on the group's Raft thread, except {@link #durableTicket()}
 * and {@link #whenDurable}, which are thread-safe.
 */
interface StoreLog {

    /** @throws IOException if a force failed before: every later call fails, naming that error */
    void checkHealthy() throws IOException;

    /** Writes the entries (consecutive indices from the group's next index); durable after a force. */
    int append(List<LogEntryModel> entries) throws IOException;

    /**
     * Drops the entries from {@code index} on; durable when this returns, and everything written before is forced
     * first, so no ticket issued before stands for entries this removed.
     */
    void truncateFrom(long index) throws IOException;

    /** Entries at or below {@code index} are in a complete snapshot: what holds only them may go at the next flush. */
    void truncateUntil(long index) throws IOException;

    /** Hands everything written so far to the sync thread under a ticket, and returns at once. */
    void handOver() throws IOException;

    /** Forces everything written and handed over, on the calling thread. */
    void force() throws IOException;

    /** How many segment files the log has now (a shared log's, for a group of a shared log). */
    int segmentCount();

    long lastTicket();

    long durableTicket();

    void whenDurable(long ticket, Runnable callback);

    /**
     * Stops using the log: its sync thread stops (a force in progress completes; nothing more is forced), then
     * {@code alsoUnderLock} runs under the force lock. A group's part of a shared log leaves the log to the other groups.
     */
    void close(GroupCommitter.IoAction alsoUnderLock) throws IOException;

    /** The lock the sync thread holds while forcing (for tests). */
    ReentrantLock forceLock();

    /** Waits at most {@code millis} for the next segment to be prepared (for tests). */
    boolean awaitNextSegment(long millis) throws InterruptedException;
}
