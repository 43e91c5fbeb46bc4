package io.raftwire.node.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Readies the next log segment file in the background, so that the Raft thread never waits for it: a file named
 * {@value #NAME} in the log directory, zero-filled to its capacity and forced, whose blocks are then allocated and
 * written. An fdatasync after writing over such blocks has no size or extent change to journal (measured with
 * {@code bench.disk.FsyncProbe}: about 145 µs against 205..280 µs in a growing file on this project's ext4 disk, while
 * a sparse file from {@code setLength} still allocates a block on each new 4 KiB page). At most one file is prepared at
 * a time; {@link #take()} hands it over or returns {@code null} at once when it is not ready (the log then creates a
 * growing segment, as a 0.1.0 store did).
 *
 * <p>The file is created and written through the store's {@link ChannelOpener}, but forced through a second, plain
 * channel of the same file, not through the store's {@link Syncer}: nothing the store reports durable depends on that
 * force, which only moves the zero-filling off the Raft path. The log writes the segment header into the prepared
 * channel, forces it through the store's syncer, renames the file to its segment name and forces the directory before
 * appending to it; a file left by a crash under {@value #NAME} is deleted at the next open. So the preparer's forces
 * are not counted as the store's fsyncs (nor in its metrics), and its creation forces no directory.
 *
 * <p>Every store of the process prepares on one shared daemon thread, {@code raftwire-store-prepare}, started when
 * there is work and stopped after 10 s without any, so a member of many groups does not run a thread per store:
 * preparations of several stores wait for each other, and a store whose next file is not ready yet meanwhile grows a
 * segment by appends. {@link #prepare} and {@link #take()} are called on the Raft thread, {@link #close()} by the
 * store's owner; thread-safe.
 */
final class SegmentPreparer {

    /** The name of the file being prepared, or ready; never a segment name, so recovery ignores it. */
    static final String NAME = "next-segment.prep";
    private static final Logger LOG = LoggerFactory.getLogger(SegmentPreparer.class);
    private static final int CHUNK = 256 * 1024;
    private static final long JOIN_MILLIS = 10_000;
    /** The process's one preparing thread, for every store (see the class comment). */
    private static final ThreadPoolExecutor PREPARER = preparerThread();

    /** A zero-filled, forced file of {@code capacity} bytes, open for reading and writing. */
    record Prepared(Path path, FileChannel channel, long capacity) {
    }

    private final Path logDir;
    private final Path file;
    private final ChannelOpener files;
    private final boolean enabled;
    // guarded by this
    private Prepared ready;
    private boolean busy;
    private boolean closed;
    private boolean warned;

    /**
     * Deletes a file a crash left under {@value #NAME}.
     *
     * @param files   opens the file the segment will be
     * @param enabled {@code false}: never prepares anything ({@link StoreOptions#preallocate()} off)
     */
    SegmentPreparer(Path logDir, ChannelOpener files, boolean enabled) throws IOException {
        this.logDir = logDir;
        this.files = files;
        this.enabled = enabled;
        this.file = logDir.resolve(NAME);
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(logDir, NAME)) {
            for (Path p : leftovers) {
                Files.delete(p);
            }
        }
    }

    /**
     * Starts preparing a file of {@code capacity} bytes, unless one is being prepared or ready; returns at once.
     *
     * @param capacity bytes, at least a segment header's
     */
    synchronized void prepare(long capacity) {
        if (!enabled || closed || busy || ready != null) {
            return;
        }
        busy = true;
        PREPARER.execute(() -> run(capacity));
    }

    private static ThreadPoolExecutor preparerThread() {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                r -> {
                    Thread t = new Thread(r, "raftwire-store-prepare");
                    t.setDaemon(true);
                    return t;
                });
        pool.allowCoreThreadTimeOut(true);
        return pool;
    }

    /**
     * Waits until a prepared file is ready, the preparation failed or {@code millis} passed: for tests that need the next
     * segment preallocated.
     *
     * @return whether a prepared file is ready
     */
    synchronized boolean awaitReady(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (ready == null && busy && !closed) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return ready != null;
    }

    /** The prepared file, now the caller's to rename and close, or {@code null} if none is ready; never waits. */
    synchronized Prepared take() {
        Prepared p = ready;
        ready = null;
        return p;
    }

    /**
     * Stops: a preparation in progress stops at its next 256 KiB and is deleted; a ready file is closed and deleted
     * (its directory is not forced: a file left behind is deleted at the next open).
     */
    void close() {
        Prepared p;
        synchronized (this) {
            closed = true;
            p = ready;
            ready = null;
            // wait until a preparation in progress or queued saw closed and cleaned up, so nothing writes here after
            long deadline = System.nanoTime() + JOIN_MILLIS * 1_000_000;
            while (busy) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.debug("preparing {} did not end within {} ms of close; a file left behind is deleted at the"
                            + " next open", file, JOIN_MILLIS);
                    break;
                }
                try {
                    wait(Math.max(1, left / 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        if (p != null) {
            discard(p.channel());
        }
    }

    private void run(long capacity) {
        if (isClosed()) { // closed while queued behind other stores' preparations
            markIdle();
            return;
        }
        FileChannel ch = null;
        try {
            ch = files.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
            ByteBuffer zeros = ByteBuffer.allocateDirect(CHUNK);
            for (long at = 0; at < capacity; at += CHUNK) {
                if (isClosed()) {
                    discard(ch);
                    markIdle();
                    return;
                }
                zeros.clear().limit((int) Math.min(CHUNK, capacity - at));
                RecordFiles.writeFully(ch, zeros, at);
            }
            try (FileChannel plain = FileChannel.open(file, StandardOpenOption.WRITE)) {
                plain.force(false); // fdatasync of the file, whichever descriptor it goes through
            }
            synchronized (this) {
                if (!closed) {
                    ready = new Prepared(file, ch, capacity);
                    busy = false;
                    notifyAll();
                    return;
                }
            }
            discard(ch); // before idle: close() returns only once nothing of this preparation is left
            markIdle();
        } catch (IOException | RuntimeException e) {
            if (ch != null) {
                discard(ch);
            }
            boolean first;
            synchronized (this) {
                busy = false;
                notifyAll();
                first = !warned;
                warned = true;
            }
            if (first) {
                LOG.warn("preparing the next log segment {} failed; the log grows its segments by appends instead "
                        + "(expected: a writable log directory with {} bytes free)", file, capacity, e);
            }
        }
    }

    private synchronized void markIdle() {
        busy = false;
        notifyAll();
    }

    private synchronized boolean isClosed() {
        return closed;
    }

    private void discard(FileChannel ch) {
        try {
            ch.close();
            Files.deleteIfExists(file);
        } catch (IOException e) {
            LOG.debug("could not delete {}; it is deleted at the next open", file, e);
        }
    }
}
