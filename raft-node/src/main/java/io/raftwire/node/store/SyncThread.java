package io.raftwire.node.store;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One sync thread shared by several stores (the groups of one member): each store's group commit hands its pending
 * forces here instead of to a thread of its own, and the thread runs one pass per store with work, in the order they
 * asked, over and over. Stores whose appends arrive together so share a pass of the thread, one after the other; each
 * still forces its own touched files (one fsync per file), so what sharing saves is threads, not fsyncs. A store's
 * failed force fails that store only. The thread is a daemon, started at the first hand-over and stopped by
 * {@link #close()}. Thread-safe.
 */
public final class SyncThread implements AutoCloseable {

    private final String name;
    private final Set<GroupCommitter> ready = new LinkedHashSet<>(); // guarded by this
    private Thread thread; // guarded by this
    private boolean closed; // guarded by this

    /** @param name the thread's name */
    public SyncThread(String name) {
        this.name = name;
    }

    /** {@code committer} has forces pending: runs a pass for it soon. */
    synchronized void ready(GroupCommitter committer) {
        if (closed) {
            return;
        }
        ready.add(committer);
        if (thread == null) {
            thread = new Thread(this::run, name);
            thread.setDaemon(true);
            thread.start();
        }
        notifyAll();
    }

    private void run() {
        while (true) {
            List<GroupCommitter> batch;
            synchronized (this) {
                while (!closed && ready.isEmpty()) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        // only close() ends this thread
                    }
                }
                if (closed) {
                    return;
                }
                batch = new ArrayList<>(ready);
                ready.clear();
            }
            for (GroupCommitter c : batch) {
                c.passFromSharedThread();
            }
        }
    }

    /** Stops the thread after the pass in progress; stores still open must not hand it work any more. */
    @Override
    public void close() {
        Thread t;
        synchronized (this) {
            closed = true;
            ready.clear();
            notifyAll();
            t = thread;
        }
        if (t != null && t != Thread.currentThread()) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
