package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.node.model.LogEntryModel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The Raft log on disk: segment files with consecutive indices, appended to the newest. Appends and prefix deletions
 * are made durable by the store's {@link GroupCommitter}, which {@link #takeUnforced()} hands them to; a full segment
 * is trimmed to its records and forced before the next is created, and suffix truncations and segment creation are
 * forced at once.
 *
 * <p><b>Preallocation.</b> A new segment is, when one is ready, the file a {@link SegmentPreparer} zero-filled in the
 * background, so that the fdatasyncs of appends journal no size change; otherwise (not ready yet, or preparing failed)
 * a file grown by its appends, as before. The next file is asked for as soon as one is taken, and at open. Its
 * capacity doubles from {@value #FIRST_PREPARED_BYTES} bytes with each segment prepared since open, up to the segment
 * size: a store that is opened often and writes little (a test, a short-lived node) zero-fills little, and a busy one
 * gets full-size segments from the seventh prepared since open on. Not
 * thread-safe; used on the Raft thread, which holds the store's force lock whenever it closes, truncates or deletes a
 * segment, so that the sync thread never forces a channel being closed.
 */
final class SegmentedLog {

    private final Path logDir;
    private final FileHeader segmentHeader;
    private final RecordCodec codec;
    private final Syncer syncer;
    private final ChannelOpener files;
    private final long segmentBytes;
    /** The capacity of the first segment prepared after open, in bytes. */
    static final long FIRST_PREPARED_BYTES = 1L << 20;

    private final ReentrantLock forceLock;
    private final SegmentPreparer preparer;
    private long nextCapacity;
    private final List<LogSegment> segments;
    private final Set<LogSegment> unforced = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean directoryUnforced;
    private long nextIndex;

    /**
     * @param segmentHeader the header of every segment (its base index is set per segment): of kind
     *                      {@link FileKind#LOG_SEGMENT} for a group's own log, where an index is a log index, or
     *                      {@link FileKind#SHARED_LOG_SEGMENT} for a member's {@link SharedLog}, where an index is a
     *                      record's sequence number
     * @param segments      the segments found at start-up, in index order, contiguous
     * @param nextIndex     the index the next appended entry must have
     */
    SegmentedLog(Path logDir, FileHeader segmentHeader, RecordCodec codec, Syncer syncer, ChannelOpener files,
            long segmentBytes, List<LogSegment> segments, long nextIndex, ReentrantLock forceLock,
            SegmentPreparer preparer) {
        this.logDir = logDir;
        this.segmentHeader = segmentHeader;
        this.codec = codec;
        this.syncer = syncer;
        this.files = files;
        this.segmentBytes = segmentBytes;
        this.forceLock = forceLock;
        this.segments = new ArrayList<>(segments);
        this.nextIndex = nextIndex;
        this.preparer = preparer;
        this.nextCapacity = Math.min(segmentBytes, FIRST_PREPARED_BYTES);
    }

    /** Waits at most {@code millis} until the preparer holds a file ready for the next segment. */
    boolean awaitNextSegment(long millis) throws InterruptedException {
        return preparer.awaitReady(millis);
    }

    /** Starts preparing the next segment in the background: once the store is open. */
    void startPreparing() {
        preparer.prepare(nextCapacity);
    }

    /** The index the next appended entry must have. */
    long nextIndex() {
        return nextIndex;
    }

    /** The lowest index still on disk; {@link #nextIndex()} if the log is empty. */
    long firstIndex() {
        return segments.isEmpty() ? nextIndex : segments.get(0).baseIndex();
    }

    List<LogSegment> segments() {
        return Collections.unmodifiableList(segments);
    }

    /** How many segments the log has; no allocation (called after every append, for the store's listener). */
    int segmentCount() {
        return segments.size();
    }

    /**
     * Appends entries with consecutive indices from {@link #nextIndex()}, as one write; durable once forced after
     * {@link #takeUnforced()}.
     * On failure to encode nothing is written.
     *
     * @return the bytes written
     */
    int append(List<LogEntryModel> entries) throws IOException {
        if (entries.isEmpty()) {
            return 0;
        }
        for (int i = 0; i < entries.size(); i++) {
            long index = entries.get(i).index();
            if (index != nextIndex + i) {
                throw new IllegalArgumentException("log entry " + i + " of " + entries.size() + " has index " + index
                        + " (expected: " + (nextIndex + i) + ", the next index of the log)");
            }
        }
        ByteBuf buf = Unpooled.buffer(entries.size() * 64);
        try {
            int[] starts = new int[entries.size()];
            for (int i = 0; i < entries.size(); i++) {
                starts[i] = buf.writerIndex();
                codec.append(entries.get(i), buf);
            }
            return appendRecords(buf, starts, entries.size());
        } finally {
            buf.release();
        }
    }

    /**
     * Appends {@code count} framed records, which take indices from {@link #nextIndex()} on, as one write; durable once
     * forced after {@link #takeUnforced()}.
     *
     * @param records the records' bytes, readable; the caller keeps ownership and releases it
     * @param starts  where each record starts, relative to the buffer's reader index
     * @return the bytes written
     */
    int appendRecords(ByteBuf records, int[] starts, int count) throws IOException {
        LogSegment tail = tailForAppend();
        ByteBuffer bytes = records.nioBuffer();
        tail.append(bytes, starts, count);
        unforced.add(tail);
        nextIndex += count;
        return records.readableBytes();
    }

    /**
     * Deletes the {@code count} oldest segments (never the newest: appends go there); the directory is forced after
     * {@link #takeUnforcedDirectory()}. For a {@link SharedLog}, which decides which segments no group needs.
     */
    void deleteOldest(int count) throws IOException {
        forceLock.lock();
        try {
            for (int i = 0; i < count && segments.size() > 1; i++) {
                LogSegment s = segments.remove(0);
                unforced.remove(s);
                s.delete();
                directoryUnforced = true;
            }
        } finally {
            forceLock.unlock();
        }
    }

    /**
     * Drops the entries from {@code index} on. Forced before returning: an entry that was truncated must never come
     * back after a crash, behind entries appended later in its place. The caller forces everything handed over first,
     * so no ticket issued before this call is published for bytes this call removed.
     */
    void truncateFrom(long index) throws IOException {
        forceLock.lock();
        try {
            truncateFromLocked(index);
        } finally {
            forceLock.unlock();
        }
    }

    private void truncateFromLocked(long index) throws IOException {
        if (index < firstIndex() || index >= nextIndex) {
            throw new IllegalArgumentException("truncateLogEntriesFrom(" + index + ") (expected: an index in "
                    + firstIndex() + ".." + (nextIndex - 1) + ", the entries on disk)");
        }
        boolean deleted = false;
        while (!segments.isEmpty() && segments.get(segments.size() - 1).baseIndex() >= index) {
            LogSegment s = segments.remove(segments.size() - 1);
            unforced.remove(s);
            s.delete();
            deleted = true;
        }
        if (!segments.isEmpty()) {
            LogSegment tail = segments.get(segments.size() - 1);
            if (tail.lastIndex() >= index) {
                tail.truncateFrom(index);
                tail.force(syncer);
                unforced.remove(tail);
            }
        }
        if (deleted) {
            syncer.forceDirectory(logDir);
        }
        nextIndex = index;
    }

    /**
     * Deletes every segment whose entries are all at or below {@code index}; the directory is forced after
     * {@link #takeUnforced()}. Entries at or below it that share a segment with later ones stay on disk and are skipped
     * on restore.
     */
    void truncateUntil(long index) throws IOException {
        forceLock.lock();
        try {
            while (!segments.isEmpty() && segments.get(0).lastIndex() <= index) {
                LogSegment s = segments.remove(0);
                unforced.remove(s);
                s.delete();
                directoryUnforced = true;
            }
        } finally {
            forceLock.unlock();
        }
        nextIndex = Math.max(nextIndex, index + 1);
    }

    /**
     * The segments written since the last call, in index order, and forgets them: the caller hands them to the
     * {@link GroupCommitter}, which forces them.
     */
    List<LogSegment> takeUnforced() {
        if (unforced.isEmpty()) {
            return List.of();
        }
        List<LogSegment> taken = new ArrayList<>(unforced.size());
        for (LogSegment s : segments) {
            if (unforced.remove(s)) {
                taken.add(s);
            }
        }
        unforced.clear();
        return taken;
    }

    /** The log directory if segments were deleted since the last call (it must be forced), else nothing. */
    List<Path> takeUnforcedDirectory() {
        if (!directoryUnforced) {
            return List.of();
        }
        directoryUnforced = false;
        return List.of(logDir);
    }

    /**
     * Forces the newest segment: at open, because after a process crash (not a power loss) its unforced bytes are
     * still in the page cache, are restored, and MicroRaft takes every restored entry as durable (a new
     * {@code LeaderState} counts the leader up to its last entry; a follower acknowledges them on the next heartbeat).
     * Older segments were forced before the next was created.
     */
    void forceNewest() throws IOException {
        if (!segments.isEmpty()) {
            segments.get(segments.size() - 1).force(syncer);
        }
    }

    /** Closes this log, opened for a store or shared log whose opening then failed with {@code failure}. */
    void closeAfter(Exception failure) {
        try {
            close();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** Closes every segment; nothing is forced. The caller holds the force lock. The preparer is stopped first. */
    void close() throws IOException {
        preparer.close();
        for (LogSegment s : segments) {
            s.close();
        }
    }

    /**
     * The segment to append to: the newest, unless it is full or there is none. A full segment is forced before the
     * next is created, so a crash can tear only the newest segment.
     */
    private LogSegment tailForAppend() throws IOException {
        LogSegment tail = segments.isEmpty() ? null : segments.get(segments.size() - 1);
        if (tail != null && tail.lastIndex() + 1 == nextIndex && tail.size() < tail.rollAt()) {
            return tail;
        }
        if (tail != null) {
            forceLock.lock();
            try {
                tail.trimAndForce(syncer);
                unforced.remove(tail);
                tail.close();
            } finally {
                forceLock.unlock();
            }
        }
        FileHeader header = segmentHeader.with(segmentHeader.kind(), nextIndex);
        SegmentPreparer.Prepared prepared = preparer.take();
        LogSegment created;
        if (prepared != null) {
            created = LogSegment.fromPrepared(files, logDir, header, syncer, prepared);
            nextCapacity = Math.min(segmentBytes, nextCapacity * 2);
        } else {
            created = LogSegment.create(files, logDir, header, syncer, segmentBytes);
        }
        segments.add(created);
        preparer.prepare(nextCapacity);
        return created;
    }
}
