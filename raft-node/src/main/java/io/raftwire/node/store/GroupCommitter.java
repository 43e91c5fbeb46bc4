package io.raftwire.node.store;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The group commit of one {@link FileRaftStore}'s own log, or of a member's {@link SharedLog}: the log segments and directories handed over since the last force,
 * forced in one pass (one fsync per touched file) by one I/O thread, and the tickets that say what became durable.
 *
 * <p><b>Tickets.</b> Every non-empty hand-over gets the next ticket; a pass takes everything handed over so far and
 * publishes the newest ticket it took once every force returned, then runs the callbacks of the tickets now durable.
 * A pass takes the hand-overs while it holds the force lock, so a ticket is published only after every earlier
 * hand-over was forced, by this pass or an earlier one.
 *
 * <p><b>Force lock.</b> Held while forcing; the Raft thread takes it around closing, truncating or deleting a segment
 * (roll, {@code truncateFrom}, {@code truncateUntil}, close), so a channel is never forced while, or after, it is
 * closed. A segment closed before the pass reaches it is skipped: it was forced before it was closed (a roll), or
 * deleted.
 *
 * <p><b>Failure.</b> A failed force fails the store for good: after an fsync error Linux may have dropped the dirty
 * pages, so a retry could report durable what is not. Every later request throws an {@link IOException} naming the
 * original error, and no callback of a ticket not yet durable ever runs.
 *
 * <p>The I/O thread is a daemon, named after the directory, started at the first asynchronous hand-over; the
 * synchronous path ({@link #forceNow}) forces on the caller's thread. Thread-safe.
 */
final class GroupCommitter {

    private static final Logger LOG = LoggerFactory.getLogger(GroupCommitter.class);
    private static final long JOIN_MILLIS = 10_000;

    private final Path dir;
    private final Syncer syncer;
    private final ReentrantLock forceLock = new ReentrantLock();

    // guarded by this
    private final Set<LogSegment> segments = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<Path> directories = new LinkedHashSet<>();
    private final TreeMap<Long, List<Runnable>> callbacks = new TreeMap<>();
    private long requested;
    private Throwable failure;
    private String failedOn;
    private boolean closing;
    private Thread thread;
    private volatile long durable;

    /**
     * @param dir    the directory of the store or shared log: names the thread and the errors
     * @param syncer what forces
     */
    GroupCommitter(Path dir, Syncer syncer) {
        this.dir = dir;
        this.syncer = syncer;
    }

    /** Held while forcing; the Raft thread holds it while it closes, truncates or deletes a segment. */
    ReentrantLock forceLock() {
        return forceLock;
    }

    /** The newest ticket issued. */
    synchronized long lastTicket() {
        return requested;
    }

    /** The newest ticket durable. */
    long durableTicket() {
        return durable;
    }

    /**
     * Hands segments and directories to the I/O thread under a new ticket, and returns at once.
     *
     * @return the new ticket, or the newest issued if there is nothing to hand over
     * @throws IOException if a force failed before: the store is failed
     */
    synchronized long request(Collection<LogSegment> written, Collection<Path> dirs) throws IOException {
        checkHealthy();
        if (add(written, dirs)) {
            if (thread == null) {
                thread = new Thread(this::run, "raftwire-store-sync " + dir);
                thread.setDaemon(true);
                thread.start();
            }
            notifyAll();
        }
        return requested;
    }

    /**
     * Hands segments and directories over under a new ticket, as {@link #request} does, without waking the I/O
     * thread: for a caller that forces at once with {@link #forceNow}.
     *
     * @throws IOException if a force failed before: the store is failed
     */
    synchronized void handOverForNow(Collection<LogSegment> written, Collection<Path> dirs) throws IOException {
        checkHealthy();
        add(written, dirs);
    }

    /**
     * Forces everything handed over, these segments and directories too, on the calling thread, after any pass in
     * progress; runs the callbacks it makes ready before returning. Everything handed over before it returns is then
     * durable.
     *
     * @throws IOException if this force, or one before, failed: the store is failed
     */
    void forceNow(Collection<LogSegment> written, Collection<Path> dirs) throws IOException {
        synchronized (this) {
            checkHealthy();
            add(written, dirs);
        }
        forceLock.lock();
        try {
            pass("the Raft thread");
        } finally {
            forceLock.unlock();
        }
        runReadyCallbacks();
    }

    /** See {@link GroupCommit#whenDurable}. */
    void whenDurable(long ticket, Runnable callback) {
        synchronized (this) {
            if (ticket > requested || ticket < 0) {
                throw new IllegalArgumentException("ticket " + ticket + " (expected: 0.." + requested
                        + ", a ticket this store issued)");
            }
            if (ticket > durable) {
                if (failure == null && !closing) {
                    callbacks.computeIfAbsent(ticket, t -> new ArrayList<>(2)).add(callback);
                }
                return;
            }
        }
        callback.run();
    }

    /** Throws the store's failure, if a force failed. */
    synchronized void checkHealthy() throws IOException {
        if (failure != null) {
            throw new IOException("store " + dir + " failed: forcing its files on " + failedOn + " failed with "
                    + failure + " (expected: a working disk; a failed fsync may have dropped written pages, so the "
                    + "store refuses every call until it is reopened)", failure);
        }
    }

    /**
     * Stops the I/O thread without forcing what is still handed over (a force in progress completes first), then runs
     * {@code closeFiles} under the force lock. Callbacks not yet run are dropped.
     */
    void close(IoAction closeFiles) throws IOException {
        Thread t;
        synchronized (this) {
            closing = true;
            callbacks.clear();
            notifyAll();
            t = thread;
        }
        forceLock.lock();
        try {
            closeFiles.run();
        } finally {
            forceLock.unlock();
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (t.isAlive()) {
                LOG.warn("the sync thread of store {} did not stop within {} ms after close", dir, JOIN_MILLIS);
            }
        }
    }

    /** Something done under the force lock. */
    @FunctionalInterface
    interface IoAction {
        void run() throws IOException;
    }

    private boolean add(Collection<LogSegment> written, Collection<Path> dirs) {
        if (written.isEmpty() && dirs.isEmpty()) {
            return false;
        }
        segments.addAll(written);
        directories.addAll(dirs);
        requested++;
        return true;
    }

    /** One force pass; the caller holds the force lock. */
    private void pass(String on) throws IOException {
        List<LogSegment> toForce;
        List<Path> dirsToForce;
        long target;
        synchronized (this) {
            if (closing || failure != null) {
                return;
            }
            toForce = new ArrayList<>(segments);
            dirsToForce = new ArrayList<>(directories);
            segments.clear();
            directories.clear();
            target = requested;
        }
        try {
            for (LogSegment s : toForce) {
                s.forceIfOpen(syncer);
            }
            for (Path d : dirsToForce) {
                syncer.forceDirectory(d);
            }
        } catch (IOException | RuntimeException | Error e) {
            synchronized (this) {
                failure = e;
                failedOn = on;
                callbacks.clear();
            }
            throw e;
        }
        if (target > durable) {
            durable = target; // under the force lock: passes publish in order
        }
    }

    private void runReadyCallbacks() {
        List<Runnable> ready;
        synchronized (this) {
            Map<Long, List<Runnable>> head = callbacks.headMap(durable, true);
            if (head.isEmpty()) {
                return;
            }
            ready = new ArrayList<>();
            head.values().forEach(ready::addAll);
            head.clear();
        }
        for (Runnable r : ready) {
            try {
                r.run();
            } catch (RuntimeException e) {
                LOG.warn("a durability callback of store {} failed", dir, e);
            }
        }
    }

    private void run() {
        while (true) {
            synchronized (this) {
                while (!closing && failure == null && requested <= durable) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // only close() ends this thread: a stray interrupt must not leave later flushes unforced
                    }
                }
                if (closing || failure != null) {
                    return;
                }
            }
            forceLock.lock();
            try {
                pass(Thread.currentThread().getName());
            } catch (IOException | RuntimeException e) {
                LOG.error("store {}: forcing written log segments failed; the store refuses every call from now on",
                        dir, e);
                return;
            } finally {
                forceLock.unlock();
            }
            runReadyCallbacks();
        }
    }
}
