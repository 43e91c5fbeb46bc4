package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.serializer.Serializer;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One log for every Raft group of a member that hosts more than one ({@code raftwire.groups} &gt; 1), in
 * {@code <data>/shared-log}: every group's log entries go to the same segment files, each record tagged with its
 * group index, and one group commit makes them durable: a pass of its sync thread forces the newest segment once (one
 * fdatasync) and publishes one ticket, which every group waiting on an earlier ticket shares. So the groups of a
 * member do not each pay an fsync for concurrent commits, as in TiKV's raft-engine or RheaKV's shared RocksDB. Each
 * group keeps its term and vote, its other state files and its snapshots in its own directory ({@link FileRaftStore}).
 * The layout and record format are in {@link StoreFormat}.
 *
 * <p><b>What is durable when.</b> As in {@link FileRaftStore}, per group: {@code flush()} inside
 * {@code flushAsynchronously} hands the shared log to the sync thread under a new ticket; tickets are the shared
 * log's, so a group's ticket may also cover other groups' writes. A truncation ({@code truncateLogEntriesFrom}) is a
 * record of the group in the shared log, forced (with everything written before it) before the call returns, so it is
 * durable before any entry that replaces it counts. A full segment is trimmed and forced before the next is created.
 *
 * <p><b>Compaction.</b> Per segment the log knows the highest index each group has in it (an entry, or the index of a
 * truncation record); per group, the index its newest complete snapshot covers ({@code truncateLogEntriesUntil}, and
 * the snapshot found at open). A segment is deleted, oldest first and never the newest, once every group's highest
 * index in it is covered; a group that has not been opened since the member started counts as covering nothing, so
 * its records stay.
 *
 * <p><b>Recovery.</b> {@link #open} scans every segment once, in order, and splits the records per group
 * ({@link SharedLogRecovery}): a truncation record drops the group's entries from its index on. A torn tail of the
 * newest segment is cut off and reported; any other damage, or a record of a group index the member is not configured
 * with, throws {@link StoreCorruptedException} naming file and offset. Each group's store then takes its entries after
 * its snapshot when it opens; a group reopened while the log is open (stopped and restarted on its own) reads its
 * records again from the segments.
 *
 * <p><b>Failure and close.</b> A failed force fails the shared log, so every group of the member: each of their calls
 * throws an {@link IOException} naming the shared log's directory and the first error. A group's store closing
 * leaves the log to the others; the log closes when the last of its owner ({@link #close()}) and the groups' stores
 * has closed.
 *
 * <p><b>Threading.</b> Thread-safe: the groups' Raft threads append and truncate under this object's lock; one sync
 * thread (a daemon named {@code raftwire-store-sync <directory>}, started by the first asynchronous flush) forces.
 */
public final class SharedLog implements Closeable {

    /** The directory under a member's data directory. */
    public static final String DIRECTORY = "shared-log";

    private final Path dir;
    private final int groups;
    private final RecordCodec codec;
    private final SharedLogRecovery recovery;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final SegmentedLog log;
    private final GroupCommitter committer;
    private final Syncer syncer;

    // guarded by this
    private final Map<LogSegment, long[]> touched = new IdentityHashMap<>();
    private final long[] covered;
    private final boolean[] attached;
    private final SharedLogRecovery.GroupEntries[] recovered; // from the scan at open, until each group takes them
    private int references = 1;
    private boolean closed;
    /** Told how long each force of the shared log took: group 0's listener while it is open (its meters are the member's). */
    private volatile StoreListener forces = StoreListener.NONE;

    private SharedLog(Path dir, int groups, RecordCodec codec, SharedLogRecovery recovery, FileChannel lockChannel,
            FileLock lock, SegmentedLog log, GroupCommitter committer, Syncer syncer,
            SharedLogRecovery.Result found) {
        this.dir = dir;
        this.groups = groups;
        this.codec = codec;
        this.recovery = recovery;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.log = log;
        this.committer = committer;
        this.syncer = syncer;
        this.covered = new long[groups];
        this.attached = new boolean[groups];
        this.recovered = found.groups();
        for (int i = 0; i < found.segments().size(); i++) {
            touched.put(found.segments().get(i), found.touched().get(i));
        }
    }

    /**
     * Opens (creating if needed) a member's shared log: locks it, checks every segment, cuts off a torn tail and keeps
     * each group's records for its store.
     *
     * @param dir        {@code <data>/shared-log}
     * @param serializer the serializer its records are written with (every group's entries); see {@link #serializerOf}
     * @param clusterId  written in every segment's header and checked when read
     * @param groups     the member's group count, 2..1024
     * @param options    segment size, record size limit, fsync seam, torn-tail reporter, and the member's recorded
     *                   feature levels: with a level, a segment of another type registry is read if
     *                   {@code <dir>/schema/} holds its schema and raftwire's own types in it equal the member's (as
     *                   in {@link FileRaftStore#open}); the own schema is written there if absent
     * @throws StoreCorruptedException if a segment is damaged other than by a torn tail, was written by another
     *                                 serializer or cluster or a type registry not accepted, or holds a record of a group index at or above
     *                                 {@code groups}; the message names file, offset and expectation
     * @throws IOException             if the directory cannot be read or written, or another process holds its lock
     * @throws IllegalArgumentException if the schema of the serializer's registry takes more than
     *                                  {@code FeatureLevels.MAX_SCHEMA_BYTES}, before anything is written
     */
    public static SharedLog open(Path dir, Serializer serializer, String clusterId, int groups, StoreOptions options)
            throws IOException {
        return open(dir, serializer, clusterId, groups, options, ChannelOpener.SYSTEM);
    }

    static SharedLog open(Path dir, Serializer serializer, String clusterId, int groups, StoreOptions options,
            ChannelOpener files) throws IOException {
        Objects.requireNonNull(serializer, "serializer");
        Objects.requireNonNull(options, "options");
        if (groups < 2) {
            throw new IllegalArgumentException("a shared log for " + groups + " group(s) (expected: 2 or more; a "
                    + "member of one group keeps its log in its own directory)");
        }
        byte[] schema = SchemaFile.encode(dir, serializer.registry().schema()); // refused before anything is written
        Files.createDirectories(dir);
        FileChannel lockChannel = files.open(dir.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock = null;
        try {
            lock = DirectoryLocks.acquire(lockChannel, "shared log " + dir + " is locked by another open member"
                    + " (expected: one member per data directory; stop the other first)");
            FileHeader header = FileHeader.of(FileKind.SHARED_LOG_SEGMENT, 0, serializer, clusterId,
                    new WriterCheck(dir, serializer, options.levels()));
            RecordCodec codec = new RecordCodec(serializer, options.maxRecordBytes());
            ForceListener forces = new ForceListener();
            Syncer syncer = new FailStopSyncer(new TimedSyncer(options.syncer(), forces), dir);
            SharedLogRecovery recovery = new SharedLogRecovery(dir, header, codec, syncer, files,
                    options.tornTailReporter(), options.segmentBytes(), groups);
            SharedLogRecovery.Result found = recovery.recover();
            GroupCommitter committer = new GroupCommitter(dir, syncer);
            SegmentedLog log = new SegmentedLog(dir, header, codec, syncer, files, options.segmentBytes(),
                    found.segments(), found.nextSequence(), committer.forceLock(),
                    new SegmentPreparer(dir, files, options.preallocate()));
            try {
                log.forceNewest();
                SchemaFile.ensure(dir, header, schema, syncer, files);
            } catch (IOException | RuntimeException ex) { // refused: the segments' channels close with it
                log.closeAfter(ex);
                throw ex;
            }
            log.startPreparing();
            SharedLog shared = new SharedLog(dir, groups, codec, recovery, lockChannel, lock, log, committer, syncer,
                    found);
            forces.log = shared;
            return shared;
        } catch (IOException | RuntimeException ex) {
            if (lock != null) {
                lock.release();
            }
            lockChannel.close();
            throw ex;
        }
    }

    /**
     * The name of the serializer a shared log was written with, from the header of its newest segment; empty if it
     * has none (new, or every segment removed).
     *
     * @throws StoreCorruptedException if that header is damaged or not a raftwire store's
     */
    public static Optional<String> serializerOf(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Optional.empty();
        }
        TreeMap<Long, Path> segments = LogRecovery.list(dir);
        if (segments.isEmpty()) {
            return Optional.empty();
        }
        Path file = segments.lastEntry().getValue();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return Optional.of(FileHeader.read(ch, file).serializerName());
        } catch (FileHeader.TornHeaderException e) {
            if (segments.size() == 1) {
                return Optional.empty(); // its creation was torn: recovery removes it
            }
            Path older = segments.lowerEntry(segments.lastKey()).getValue();
            try (FileChannel ch = FileChannel.open(older, StandardOpenOption.READ)) {
                return Optional.of(FileHeader.read(ch, older).serializerName());
            } catch (FileHeader.TornHeaderException again) {
                throw again.toCorruption();
            }
        }
    }

    /** Passes each force's duration to the shared log's current listener ({@link #forces}). */
    private static final class ForceListener implements StoreListener {
        volatile SharedLog log;

        @Override
        public void onForce(long nanos) {
            SharedLog l = log;
            if (l != null) {
                l.forces.onForce(nanos);
            }
        }
    }

    /** The directory. */
    public Path directory() {
        return dir;
    }

    /** The group count it was opened with. */
    public int groups() {
        return groups;
    }

    /**
     * Group {@code group}'s part of the log, for its store: its entries after {@code snapshotIndex} are taken from the
     * scan at open, or read again if the group was opened before.
     *
     * @throws IllegalStateException if the group's part is already open, or the log is closed
     */
    synchronized GroupLog attach(int group, long snapshotIndex) throws IOException {
        return attach(group, snapshotIndex, StoreListener.NONE);
    }

    /**
     * {@link #attach(int, long)} with the group's listener; group 0's is told of every force of the shared log while it
     * is open (a member's meters are group 0's).
     */
    synchronized GroupLog attach(int group, long snapshotIndex, StoreListener listener) throws IOException {
        if (group < 0 || group >= groups) {
            throw new IllegalArgumentException("group index " + group + " (expected: 0.." + (groups - 1)
                    + ", the groups this shared log was opened for)");
        }
        checkOpen();
        if (closed) {
            throw new IllegalStateException("shared log " + dir + " was closed by its member (expected: a group opened"
                    + " while its member is open)");
        }
        if (attached[group]) {
            throw new IllegalStateException("group index " + group + " of shared log " + dir + " is already open "
                    + "(expected: one store per group; close the other first)");
        }
        SharedLogRecovery.GroupEntries entries = recovered[group];
        recovered[group] = null;
        if (entries == null) {
            committer.checkHealthy();
            entries = recovery.reread(log.segments(), group);
        }
        List<LogEntryModel> after = entries.after(snapshotIndex);
        attached[group] = true;
        references++;
        covered[group] = Math.max(covered[group], snapshotIndex);
        deleteCovered();
        if (group == 0) {
            forces = listener;
        }
        return new GroupLog(group, after, entries.any(), entries.nextIndex(snapshotIndex), snapshotIndex);
    }

    /**
     * Releases the owner's hold (the member's): the files close once every group's store has closed too. Stops the
     * sync thread then (a force in progress completes; nothing is forced). Idempotent.
     */
    @Override
    public void close() throws IOException {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        release();
    }

    private void release() throws IOException {
        synchronized (this) {
            if (--references > 0) {
                return;
            }
        }
        try {
            committer.close(log::close);
        } finally {
            lock.release();
            lockChannel.close();
        }
    }

    private void checkOpen() {
        if (references == 0) {
            throw new IllegalStateException("shared log " + dir + " is closed (expected: an open shared log)");
        }
    }

    private synchronized int append(GroupLog part, List<LogEntryModel> entries) throws IOException {
        checkOpen();
        part.checkAttached();
        committer.checkHealthy();
        int group = part.group;
        ByteBuf buf = Unpooled.buffer(entries.size() * 64);
        try {
            int[] starts = new int[entries.size()];
            for (int i = 0; i < entries.size(); i++) {
                starts[i] = buf.writerIndex();
                codec.appendTagged(group, entries.get(i), buf);
            }
            int bytes = log.appendRecords(buf, starts, entries.size());
            touch(group, entries.get(entries.size() - 1).index());
            return bytes;
        } finally {
            buf.release();
        }
    }

    private synchronized void appendTruncation(GroupLog part, long fromIndex) throws IOException {
        checkOpen();
        part.checkAttached();
        committer.checkHealthy();
        int group = part.group;
        ByteBuf buf = Unpooled.buffer(StoreFormat.FRAME_BYTES + StoreFormat.TRUNCATION_PAYLOAD_BYTES);
        try {
            codec.appendTruncation(group, fromIndex, buf);
            log.appendRecords(buf, new int[] {0}, 1);
            touch(group, fromIndex);
        } finally {
            buf.release();
        }
    }

    /** After an append: the newest segment holds a record of {@code group} at {@code index}. */
    private void touch(int group, long index) {
        List<LogSegment> segments = log.segments();
        long[] highest = touched.computeIfAbsent(segments.get(segments.size() - 1), s -> new long[groups]);
        highest[group] = Math.max(highest[group], index);
    }

    /** Hands everything written to the sync thread under a new ticket; under this lock, so tickets follow writes. */
    private synchronized void handOver() throws IOException {
        checkOpen();
        committer.request(log.takeUnforced(), log.takeUnforcedDirectory());
    }

    /**
     * Forces everything written and handed over on the calling thread; other groups append meanwhile. What this
     * group wrote is handed over under this lock, so tickets still follow writes.
     */
    private void force() throws IOException {
        synchronized (this) {
            checkOpen();
            committer.handOverForNow(log.takeUnforced(), log.takeUnforcedDirectory());
        }
        committer.forceNow(List.of(), List.of());
    }

    private synchronized void cover(GroupLog part, long index) throws IOException {
        checkOpen();
        part.checkAttached();
        committer.checkHealthy();
        int group = part.group;
        covered[group] = Math.max(covered[group], index);
        deleteCovered();
    }

    /**
     * Deletes the oldest segments, never the newest, while every group's records in them are covered: one at a time,
     * the directory forced after each, so that a crash never brings back an older segment without a newer one (start-up
     * refuses a gap between segments).
     */
    private void deleteCovered() throws IOException {
        List<LogSegment> segments = log.segments();
        while (segments.size() > 1 && isCovered(touched.get(segments.get(0)))) {
            LogSegment going = segments.get(0);
            log.deleteOldest(1);
            syncer.forceDirectory(dir);
            touched.remove(going);
        }
    }

    private boolean isCovered(long[] highest) {
        if (highest == null) {
            return true; // no record at all
        }
        for (int g = 0; g < groups; g++) {
            if (highest[g] > covered[g]) {
                return false;
            }
        }
        return true;
    }

    private void detach(GroupLog part) throws IOException {
        int group = part.group;
        synchronized (this) {
            part.left = true; // under this lock: no write of the part follows
            attached[group] = false;
            if (group == 0) {
                forces = StoreListener.NONE;
            }
        }
        release();
    }

    /** How many segment files the log has. */
    synchronized int segmentCount() {
        return log.segmentCount();
    }

    /** One group's part of the shared log, as its {@link FileRaftStore} uses it; on the group's Raft thread. */
    final class GroupLog implements StoreLog {
        private final int group;
        private final boolean hadRecords;
        private List<LogEntryModel> restored;
        private long nextIndex;
        private long coveredIndex;
        private volatile boolean left;

        private GroupLog(int group, List<LogEntryModel> restored, boolean hadRecords, long nextIndex,
                long coveredIndex) {
            this.group = group;
            this.restored = restored;
            this.hadRecords = hadRecords;
            this.nextIndex = nextIndex;
            this.coveredIndex = coveredIndex;
        }

        /** Refuses a write of a closed part: it would land among the records of the group's next store. */
        private void checkAttached() {
            if (left) {
                throw new IllegalStateException("group index " + group + "'s part of shared log " + dir + " is closed"
                        + " (expected: calls from its open store only)");
            }
        }

        /** The group's entries after its snapshot, as found at open; handed over once. */
        List<LogEntryModel> takeRestored() {
            List<LogEntryModel> r = restored;
            restored = null;
            return r;
        }

        /** Whether the shared log held any record of this group when it opened. */
        boolean hadRecords() {
            return hadRecords;
        }

        @Override
        public void checkHealthy() throws IOException {
            committer.checkHealthy();
        }

        @Override
        public int append(List<LogEntryModel> entries) throws IOException {
            if (entries.isEmpty()) {
                return 0;
            }
            for (int i = 0; i < entries.size(); i++) {
                long index = entries.get(i).index();
                if (index != nextIndex + i) {
                    throw new IllegalArgumentException("log entry " + i + " of " + entries.size() + " has index "
                            + index + " (expected: " + (nextIndex + i) + ", the next index of the log)");
                }
            }
            int bytes = SharedLog.this.append(this, entries);
            nextIndex += entries.size();
            return bytes;
        }

        @Override
        public void truncateFrom(long index) throws IOException {
            if (index <= coveredIndex || index >= nextIndex) {
                throw new IllegalArgumentException("truncateLogEntriesFrom(" + index + ") (expected: an index in "
                        + (coveredIndex + 1) + ".." + (nextIndex - 1) + ", the entries on disk)");
            }
            appendTruncation(this, index);
            force();
            nextIndex = index;
        }

        @Override
        public void truncateUntil(long index) throws IOException {
            cover(this, index);
            coveredIndex = Math.max(coveredIndex, index);
            nextIndex = Math.max(nextIndex, index + 1);
        }

        @Override
        public void handOver() throws IOException {
            SharedLog.this.handOver();
        }

        @Override
        public void force() throws IOException {
            SharedLog.this.force();
        }

        @Override
        public int segmentCount() {
            return SharedLog.this.segmentCount();
        }

        @Override
        public long lastTicket() {
            return committer.lastTicket();
        }

        @Override
        public long durableTicket() {
            return committer.durableTicket();
        }

        /** As {@link GroupCommit#whenDurable}; a callback whose ticket becomes durable after this part closed never runs. */
        @Override
        public void whenDurable(long ticket, Runnable callback) {
            committer.whenDurable(ticket, () -> {
                if (!left) {
                    callback.run();
                }
            });
        }

        /** Leaves the log to the other groups (it closes when the last holder has); then runs {@code alsoUnderLock}. */
        @Override
        public void close(GroupCommitter.IoAction alsoUnderLock) throws IOException {
            try {
                detach(this);
            } finally {
                alsoUnderLock.run();
            }
        }

        @Override
        public ReentrantLock forceLock() {
            return committer.forceLock();
        }

        @Override
        public boolean awaitNextSegment(long millis) throws InterruptedException {
            return log.awaitNextSegment(millis);
        }
    }
}
