package io.raftwire.node.store;

import io.microraft.model.log.LogEntry;
import io.microraft.model.log.RaftGroupMembersView;
import io.microraft.model.log.SnapshotChunk;
import io.microraft.model.persistence.RaftEndpointPersistentState;
import io.microraft.model.persistence.RaftTermPersistentState;
import io.microraft.persistence.RaftStore;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.RaftEndpointPersistentStateModel;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.SnapshotEntryModel;
import io.raftwire.serializer.Serializer;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * MicroRaft's {@link RaftStore} on local files: term and vote, local endpoint, initial members, log entries and
 * snapshot chunks, each written as a record of the node's configured raftwire {@link Serializer} (type ids from its
 * registry, never a class name). The directory layout and byte format are defined in {@link StoreFormat}.
 *
 * <p><b>Durability (what is fsynced when).</b>
 * <ul>
 * <li>{@code persistAndFlush*} first force the log (below), then write a small file atomically (temporary file,
 * force, rename, force the directory) before returning.</li>
 * <li>{@link #persistLogEntries} and {@link #persistSnapshotChunk} only write.</li>
 * <li>{@link #flush()} outside {@link #flushAsynchronously}: forces every log segment written since the last force
 * (one fdatasync per touched file), the log directory if segments were deleted, everything handed to the sync thread
 * before (after waiting for a force it has in progress), and completes every snapshot whose chunks are all written;
 * all durable when it returns, as MicroRaft's {@code RaftStore} contract says. MicroRaft calls it so in
 * {@code RaftNodeImpl.takeSnapshot}, {@code SnapshotChunkCollector.handleReceivedSnapshotChunk} (both install the
 * snapshot right after) and, through {@code FlushTask.run}, in {@code RaftNodeImpl.toSingletonLeader}.</li>
 * <li>{@link #flush()} inside {@link #flushAsynchronously} (raftwire wraps the leader's {@code FlushTask} and the
 * follower's {@code AppendEntriesRequestHandler} so): hands the same log segments and directory to this store's
 * sync thread under a new ticket and returns at once. The sync thread forces everything handed over since its last
 * pass in one pass (one fdatasync per touched file, so flushes that arrive during a force are coalesced into the
 * next), then publishes the ticket and runs the {@link #whenDurable} callbacks. raftwire counts the leader's own
 * entries towards the commit quorum, and sends a follower's {@code AppendEntriesSuccessResponse}, only from those
 * callbacks. A complete snapshot waiting to be completed makes the flush synchronous, as above.</li>
 * <li>{@link #truncateLogEntriesFrom} forces everything written and handed over first, then truncates and forces the
 * truncation before returning; {@link #truncateLogEntriesUntil} and {@link #deleteSnapshotChunks} are made durable by
 * the next flush, as MicroRaft allows.</li>
 * <li>A full segment is cut to where its records end and forced before the next is created; a new segment's header
 * and the directory are forced when it is created, or when a prepared file is renamed to become it.</li>
 * <li>New segments are, when ready, files a background thread zero-filled and forced beforehand
 * ({@link SegmentPreparer}, turned off by {@link StoreOptions#preallocate()}), so that the fdatasync of an append
 * changes no file size; appends write over the zeros, and start-up takes 16 zero bytes where a record would start as
 * the end of the log.</li>
 * <li>{@link #open} forces the newest segment once: after a process crash its unforced bytes are still in the page
 * cache and are restored, and MicroRaft takes every restored entry as durable.</li>
 * </ul>
 * A force that fails, on either thread, fails the store: every later call throws an {@link IOException} naming the
 * first error (after a failed fdatasync the kernel may have dropped the unwritten pages, so retrying could report
 * durable what is not). MicroRaft logs the failed calls at ERROR ({@code RaftNodeStatusAwareTask.run} and
 * {@code ReplicateTask.run} catch them); the member appends nothing more until it is restarted.
 *
 * <p><b>Start-up.</b> {@link #open} checks every file: the newest log segment may end in a torn record (a crash
 * mid-write), which is cut off and reported through {@link StoreOptions#tornTailReporter()} (by default a WARN naming
 * file, offset and bytes dropped); any other damage throws {@link StoreCorruptedException} naming file, offset and
 * what was expected, and changes nothing. Once every check passed, and before any record is written, it writes the
 * schema of its own types to {@code schema/<registry fingerprint>.schema} if that file is absent, or does not read,
 * or holds another schema (then a WARN names it), fsynced with its directories, so that a later member with other
 * application types can read this directory's files ({@link StoreOptions#levels()}). A registry whose schema is longer
 * than {@code FeatureLevels.MAX_SCHEMA_BYTES} is refused before anything is written.
 *
 * <p><b>Threading.</b> MicroRaft calls every {@code RaftStore} method on the node's single Raft thread; this class is
 * not thread-safe for them. Its sync thread (a daemon named {@code raftwire-store-sync <directory>}, started by the
 * first asynchronous flush) only forces segments handed to it, under a lock that the Raft thread takes whenever it
 * closes, truncates or deletes a segment. {@link #durableTicket()} and {@link #whenDurable} are thread-safe.
 * {@link #open}, {@link #takeRestoredState()} and {@link #close()} are for the node's owner, before the node starts and
 * after it terminated. The directory is locked against a second store (in this or another process) while open.
 *
 * <p><b>Shared log.</b> Opened for a group of a member's {@link SharedLog} (a member of more than one group), the
 * store keeps its state files and snapshots as above, and its log entries in the shared log: the log part of every
 * rule above applies to the shared log, whose one sync thread forces every group's writes in one pass, and whose
 * failure fails every group of the member; a truncation is a record of the group there, forced before the call
 * returns; {@code truncateLogEntriesUntil} lets the shared log delete the segments every group's snapshot covers. See
 * {@link SharedLog}.
 *
 * <p>Values must be raftwire's model records, as {@link io.raftwire.node.model.RaftwireModelFactory} builds them.
 */
public final class FileRaftStore implements RaftStore, GroupCommit, Closeable {

    static final String ENDPOINT = "endpoint.state";
    static final String MEMBERS = "members.state";
    static final String TERM = "term.state";
    static final String LOG_DIR = "log";
    static final String SNAPSHOT_DIR = "snapshot";

    private final Path dir;
    private final FileChannel lockChannel;
    private final FileLock lock;
    private final StoreOptions options;
    private final StateFile<RaftEndpointPersistentStateModel> endpoint;
    private final StateFile<RaftGroupMembersViewModel> members;
    private final StateFile<RaftTermPersistentStateModel> term;
    private final SnapshotFiles snapshots;
    private final StoreLog log;
    private boolean asynchronous;
    private final StoreListener listener;
    private RestoredRaftState restored;
    private boolean restoredTaken;
    private boolean closed;

    private FileRaftStore(Path dir, FileChannel lockChannel, FileLock lock, StoreOptions options,
            StateFile<RaftEndpointPersistentStateModel> endpoint, StateFile<RaftGroupMembersViewModel> members,
            StateFile<RaftTermPersistentStateModel> term, SnapshotFiles snapshots, StoreLog log,
            RestoredRaftState restored, StoreListener listener) {
        this.dir = dir;
        this.listener = listener;
        this.lockChannel = lockChannel;
        this.lock = lock;
        this.options = options;
        this.endpoint = endpoint;
        this.members = members;
        this.term = term;
        this.snapshots = snapshots;
        this.log = log;
        this.restored = restored;
    }

    /** {@link #open(Path, Serializer, String, StoreOptions)} with {@link StoreOptions#defaults()}. */
    public static FileRaftStore open(Path dir, Serializer serializer, String groupId) throws IOException {
        return open(dir, serializer, groupId, StoreOptions.defaults());
    }

    /**
     * Opens (creating if needed) a data directory: locks it, checks every file, cuts off a torn tail, removes files a
     * crash left unfinished, and keeps the state found for {@link #takeRestoredState()}.
     *
     * @param dir        the data directory of one node in one Raft group; created if absent
     * @param serializer the node's configured serializer; its {@link Serializer#registry() registry} must hold the
     *                   engine types ({@code EngineType.registerAll}) and every operation and chunk type
     * @param groupId    the Raft group id; 1..255 characters, no control characters; written in every file header
     * @param options    segment size, record size limit, fsync seam, torn-tail reporter, recorded feature levels
     * @throws StoreCorruptedException if a file is damaged other than by a torn tail, belongs to another group or
     *                                 serializer, to another type registry that {@code WriterCheck} does not accept
     *                                 (its schema file under {@code schema/} missing or damaged, raftwire's own types
     *                                 in it different, or no feature level in {@code options}), or a state file is
     *                                 missing while the directory
     *                                 holds what a node writes only after it (the term, for one, before any entry or
     *                                 snapshot); the message names file, offset and expectation
     * @throws IOException             if the directory cannot be read or written, or another store holds its lock
     * @throws IllegalArgumentException if the schema of the serializer's registry takes more than
     *                                  {@code FeatureLevels.MAX_SCHEMA_BYTES} (its schema file could not be read
     *                                  back), before anything is written; or for an invalid group id or registry
     */
    public static FileRaftStore open(Path dir, Serializer serializer, String groupId, StoreOptions options)
            throws IOException {
        return open(dir, serializer, groupId, options, ChannelOpener.SYSTEM, StoreListener.NONE);
    }

    /**
     * {@link #open(Path, Serializer, String, StoreOptions)} telling {@code listener} of every fsync, log append, change
     * of the segment count and snapshot chunk written (for metrics).
     */
    public static FileRaftStore open(Path dir, Serializer serializer, String groupId, StoreOptions options,
            StoreListener listener) throws IOException {
        return open(dir, serializer, groupId, options, ChannelOpener.SYSTEM, Objects.requireNonNull(listener,
                "listener"));
    }

    /**
     * {@link #open(Path, Serializer, String, StoreOptions, StoreListener)} for group {@code groupIndex} of a member
     * whose groups share one log ({@link SharedLog}): the group's log entries are in {@code shared}, its state files
     * and snapshots in {@code dir}, which must hold no {@code log} directory of segments (the layout of a member that
     * kept a log per group).
     *
     * @throws IOException if {@code dir} holds log segments of its own: the message names the layout found and the
     *                     one expected
     */
    public static FileRaftStore open(Path dir, Serializer serializer, String groupId, StoreOptions options,
            StoreListener listener, SharedLog shared, int groupIndex) throws IOException {
        return open(dir, serializer, groupId, options, ChannelOpener.SYSTEM, Objects.requireNonNull(listener,
                "listener"), new Shared(Objects.requireNonNull(shared, "shared"), groupIndex));
    }

    /** {@link #open(Path, Serializer, String, StoreOptions, StoreListener, SharedLog, int)} for tests. */
    static FileRaftStore open(Path dir, Serializer serializer, String groupId, StoreOptions options,
            ChannelOpener files, SharedLog shared, int groupIndex) throws IOException {
        return open(dir, serializer, groupId, options, files, StoreListener.NONE, new Shared(shared, groupIndex));
    }

    /** A group's place in its member's shared log. */
    private record Shared(SharedLog log, int group) {
    }

    /** {@link #open(Path, Serializer, String, StoreOptions)} opening every file it writes through {@code files}. */
    static FileRaftStore open(Path dir, Serializer serializer, String groupId, StoreOptions options,
            ChannelOpener files) throws IOException {
        return open(dir, serializer, groupId, options, files, StoreListener.NONE);
    }

    private static FileRaftStore open(Path dir, Serializer serializer, String groupId, StoreOptions options,
            ChannelOpener files, StoreListener listener) throws IOException {
        return open(dir, serializer, groupId, options, files, listener, null);
    }

    private static FileRaftStore open(Path dir, Serializer serializer, String groupId, StoreOptions options,
            ChannelOpener files, StoreListener listener, Shared shared) throws IOException {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(serializer, "serializer");
        Objects.requireNonNull(options, "options");
        checkGroupId(groupId);
        checkRegistry(serializer);
        byte[] schema = SchemaFile.encode(dir, serializer.registry().schema()); // refused before anything is written
        Path logDir = dir.resolve(LOG_DIR);
        Path snapshotDir = dir.resolve(SNAPSHOT_DIR);
        if (shared == null) {
            Files.createDirectories(logDir);
            if (Files.isDirectory(dir.resolve(SharedLog.DIRECTORY))) {
                throw new IOException("data directory " + dir + " holds " + SharedLog.DIRECTORY + "/, the log of a "
                        + "member of more than one group (expected: the layout of a member of one group, entries in "
                        + LOG_DIR + "/; start the member with the raftwire.groups it was written with)");
            }
        } else {
            checkNoOwnLog(dir, logDir, shared.log());
        }
        Files.createDirectories(snapshotDir);
        FileChannel lockChannel = files.open(dir.resolve("lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock lock = null;
        try {
            lock = DirectoryLocks.acquire(lockChannel, "data directory " + dir + " is locked by another open store"
                    + " (expected: one store per directory; close the other first)");
            FileHeader header = FileHeader.of(FileKind.STATE, 0, serializer, groupId,
                    new WriterCheck(dir, serializer, options.levels()));
            RecordCodec codec = new RecordCodec(serializer, options.maxRecordBytes());
            // fail-stop: after one failed force (a pass, a roll, a state file) no later force of this directory is
            // trusted, since the kernel may have dropped the pages it could not write
            Syncer syncer = new FailStopSyncer(TimedSyncer.of(options.syncer(), listener), dir);
            var endpoint = new StateFile<>(dir, ENDPOINT, RaftEndpointPersistentStateModel.class, header, codec,
                    syncer, files);
            var members = new StateFile<>(dir, MEMBERS, RaftGroupMembersViewModel.class, header, codec, syncer,
                    files);
            var term = new StateFile<>(dir, TERM, RaftTermPersistentStateModel.class, header, codec, syncer, files);
            Optional<RaftEndpointPersistentStateModel> e = endpoint.read();
            Optional<RaftGroupMembersViewModel> m = members.read();
            Optional<RaftTermPersistentStateModel> t = term.read();
            SnapshotFiles snapshots = new SnapshotFiles(snapshotDir, header, codec, syncer, files);
            SnapshotEntryModel snapshot = snapshots.recover();
            long snapshotIndex = snapshot == null ? 0 : snapshot.index();
            StoreLog log;
            RestoredRaftState restored;
            if (shared == null) {
                LogRecovery.Result r = new LogRecovery(logDir, header, codec, syncer, files,
                        options.tornTailReporter(), options.segmentBytes()).recover(snapshotIndex);
                GroupCommitter committer = new GroupCommitter(dir, syncer);
                SegmentedLog own = new SegmentedLog(logDir, header.with(FileKind.LOG_SEGMENT, 0), codec, syncer,
                        files, options.segmentBytes(), r.segments(), r.nextIndex(), committer.forceLock(),
                        new SegmentPreparer(logDir, files, options.preallocate()));
                try {
                    own.forceNewest();
                    restored = assemble(dir, e, m, t, snapshot, !r.segments().isEmpty(), r.entriesAfterSnapshot());
                    SchemaFile.ensure(dir, header, schema, syncer, files);
                } catch (IOException | RuntimeException ex) { // refused: the segments' channels close with it
                    own.closeAfter(ex);
                    throw ex;
                }
                own.startPreparing();
                log = new OwnLog(own, committer);
            } else {
                SharedLog.GroupLog part = shared.log().attach(shared.group(), snapshotIndex, listener);
                try {
                    restored = assemble(dir, e, m, t, snapshot, part.hadRecords(), part.takeRestored());
                    SchemaFile.ensure(dir, header, schema, syncer, files);
                } catch (IOException | RuntimeException ex) {
                    part.close(() -> { });
                    throw ex;
                }
                log = part;
            }
            listener.onSegments(log.segmentCount());
            return new FileRaftStore(dir, lockChannel, lock, options, endpoint, members, term, snapshots, log,
                    restored, listener);
        } catch (IOException | RuntimeException ex) {
            if (lock != null) {
                lock.release();
            }
            lockChannel.close();
            throw ex;
        }
    }

    /** Refuses a group directory of a shared-log member that holds log segments of its own. */
    private static void checkNoOwnLog(Path dir, Path logDir, SharedLog shared) throws IOException {
        if (Files.isDirectory(logDir) && !LogRecovery.list(logDir).isEmpty()) {
            throw new IOException("data directory " + dir + " holds log segments in " + logDir + ", the layout of a "
                    + "member that kept a log per group (expected: the entries of a member of "
                    + shared.groups() + " groups in one shared log, " + shared.directory() + "; this build does not "
                    + "read the per-group layout: start the member with the build that wrote it, or move the data "
                    + "directory away and let the member catch up from its peers)");
        }
    }

    /**
     * The name of the serializer a data directory was written with, read from its endpoint state file's header; empty
     * for a directory that holds no store yet. A node opens an existing directory with this serializer, whatever it
     * sends with, so that moving a cluster's wire to another serializer does not orphan its data.
     *
     * @throws StoreCorruptedException if the file exists but its header is damaged or not a raftwire store's
     */
    public static Optional<String> serializerOf(Path dir) throws IOException {
        Path file = dir.resolve(ENDPOINT);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            return Optional.of(FileHeader.read(ch, file).serializerName());
        } catch (FileHeader.TornHeaderException e) {
            throw e.toCorruption();
        }
    }

    /** {@link #restore(Path, Serializer, String, StoreOptions)} with {@link StoreOptions#defaults()}. */
    public static Optional<RestoredRaftState> restore(Path dir, Serializer serializer, String groupId)
            throws IOException {
        return restore(dir, serializer, groupId, StoreOptions.defaults());
    }

    /**
     * Opens the directory, takes its state and closes it: for tools and tests. A node uses {@link #open} and
     * {@link #takeRestoredState()} so the directory is read once.
     */
    public static Optional<RestoredRaftState> restore(Path dir, Serializer serializer, String groupId,
            StoreOptions options) throws IOException {
        try (FileRaftStore store = open(dir, serializer, groupId, options)) {
            return store.takeRestoredState();
        }
    }

    /**
     * The state found by {@link #open}, for {@code RaftNode.newBuilder().setRestoredState(...)}: local endpoint,
     * initial members, term and vote, the newest complete snapshot (rebuilt as a {@link SnapshotEntryModel}, or
     * {@code null}) and the log entries after it. Empty for a new directory, or one where start-up was interrupted
     * before the initial members were persisted. The store hands the state over once and forgets it, so that it does
     * not keep old entries alive.
     *
     * @throws IllegalStateException if called a second time
     */
    public Optional<RestoredRaftState> takeRestoredState() {
        if (restoredTaken) {
            throw new IllegalStateException("the restored state of " + dir + " was already taken (expected: one call "
                    + "after open)");
        }
        restoredTaken = true;
        RestoredRaftState s = restored;
        restored = null;
        return Optional.ofNullable(s);
    }

    /** The data directory. */
    public Path directory() {
        return dir;
    }

    /** The settings this store was opened with. */
    public StoreOptions options() {
        return options;
    }

    @Override
    public void persistAndFlushLocalEndpoint(RaftEndpointPersistentState state) throws IOException {
        forceLog();
        endpoint.write(model(state, RaftEndpointPersistentStateModel.class, "local endpoint state"));
    }

    @Override
    public void persistAndFlushInitialGroupMembers(RaftGroupMembersView initialGroupMembers) throws IOException {
        RaftGroupMembersViewModel view = model(initialGroupMembers, RaftGroupMembersViewModel.class,
                "initial group members");
        if (view.logIndex() != 0) {
            throw new IllegalArgumentException("initial group members at log index " + view.logIndex()
                    + " (expected: 0)");
        }
        forceLog();
        members.write(view);
    }

    @Override
    public void persistAndFlushTerm(RaftTermPersistentState state) throws IOException {
        // RaftState.toCandidate persists the new term before RaftNodeImpl.toLeader builds a LeaderState whose
        // flushedLogIndex is the last log index: forcing the log here makes that true when entries were handed to
        // the sync thread and not yet forced
        forceLog();
        term.write(model(state, RaftTermPersistentStateModel.class, "term state"));
    }

    /** Writes the entries as one append to the newest segment; durable after {@link #flush()}. */
    @Override
    public void persistLogEntries(List<LogEntry> logEntries) throws IOException {
        checkOpen();
        log.checkHealthy();
        List<LogEntryModel> models = new ArrayList<>(logEntries.size());
        for (LogEntry e : logEntries) {
            models.add(model(e, LogEntryModel.class, "log entry"));
        }
        listener.onAppend(log.append(models));
        listener.onSegments(log.segmentCount());
    }

    /** Writes the chunk to its snapshot's temporary file; the snapshot is complete and durable after {@link #flush()}. */
    @Override
    public void persistSnapshotChunk(SnapshotChunk snapshotChunk) throws IOException {
        checkOpen();
        log.checkHealthy();
        listener.onSnapshotChunk(snapshotChunk.getIndex(),
                snapshots.persist(model(snapshotChunk, SnapshotChunkModel.class, "snapshot chunk")));
    }

    /**
     * Drops the entries from {@code logIndexInclusive} on; durable when this returns. Everything written before is
     * forced first, so a ticket issued before this call never stands for entries this call removed.
     */
    @Override
    public void truncateLogEntriesFrom(long logIndexInclusive) throws IOException {
        checkOpen();
        log.truncateFrom(logIndexInclusive);
        listener.onSegments(log.segmentCount());
    }

    /**
     * Deletes the log segments whose entries are all at or below {@code logIndexInclusive}; durable after
     * {@link #flush()}.
     *
     * @throws IllegalStateException if no complete snapshot covers that index: the entries would be lost
     */
    @Override
    public void truncateLogEntriesUntil(long logIndexInclusive) throws IOException {
        checkOpen();
        log.checkHealthy();
        if (logIndexInclusive > snapshots.completeIndex()) {
            throw new IllegalStateException("truncateLogEntriesUntil(" + logIndexInclusive + ") with the newest "
                    + "complete snapshot at index " + snapshots.completeIndex() + " (expected: a flushed snapshot at "
                    + "or above the index, so no entry is lost)");
        }
        log.truncateUntil(logIndexInclusive);
        listener.onSegments(log.segmentCount());
    }

    /** Deletes the partial snapshot at {@code logIndex}; a complete snapshot is kept. */
    @Override
    public void deleteSnapshotChunks(long logIndex, int snapshotChunkCount) throws IOException {
        checkOpen();
        log.checkHealthy();
        snapshots.deletePartial(logIndex);
    }

    /**
     * Makes everything written since the last flush durable: log segments with one fsync per touched file, then the
     * log directory if segments were deleted, and completes every snapshot whose chunks are all written. Durable when
     * this returns, except inside {@link #flushAsynchronously}, where the log's part is handed to the sync thread under
     * a new ticket ({@link #lastTicket()}) and this returns at once; a complete snapshot is forced at once even there
     * (MicroRaft's snapshot paths install it right after this returns).
     *
     * @throws IOException if a force fails now, or failed before on the sync thread (the message names that error)
     */
    @Override
    public void flush() throws IOException {
        checkOpen();
        if (asynchronous && !snapshots.hasComplete()) {
            log.handOver();
            return;
        }
        forceLog();
        snapshots.flush();
    }

    @Override
    public void flushAsynchronously(Runnable engineCall) {
        checkOpen();
        boolean outer = asynchronous;
        asynchronous = true;
        try {
            engineCall.run();
        } finally {
            asynchronous = outer;
        }
    }

    @Override
    public long lastTicket() {
        return log.lastTicket();
    }

    @Override
    public long durableTicket() {
        return log.durableTicket();
    }

    @Override
    public void whenDurable(long ticket, Runnable callback) {
        log.whenDurable(ticket, callback);
    }

    /**
     * Stops the sync thread (a force in progress completes; what is still handed over is not forced), closes every file
     * and releases the directory lock. Nothing is forced: call {@link #flush()} first.
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            log.close(snapshots::close);
        } finally {
            lock.release();
            lockChannel.close();
        }
    }

    /** Waits at most {@code millis} for the next log segment to be prepared: for tests that need it preallocated. */
    boolean awaitNextSegment(long millis) throws InterruptedException {
        return log.awaitNextSegment(millis);
    }

    /** The lock the sync thread holds while forcing: for tests that must know when close() waits for it. */
    java.util.concurrent.locks.ReentrantLock forceLock() {
        return log.forceLock();
    }

    /** Forces, on this thread, everything written to the log and everything handed to the sync thread. */
    private void forceLog() throws IOException {
        checkOpen();
        log.force();
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("store " + dir + " is closed (expected: an open store)");
        }
    }

    private <T> T model(Object value, Class<T> type, String what) {
        checkOpen();
        if (!type.isInstance(value)) {
            throw new IllegalArgumentException(what + " of type " + (value == null ? "null"
                    : value.getClass().getName()) + " (expected: a " + type.getName()
                    + ", as RaftwireModelFactory builds)");
        }
        return type.cast(value);
    }

    private static RestoredRaftState assemble(Path dir, Optional<RaftEndpointPersistentStateModel> endpoint,
            Optional<RaftGroupMembersViewModel> members, Optional<RaftTermPersistentStateModel> term,
            SnapshotEntryModel snapshot, boolean hasLog, List<LogEntryModel> entriesAfterSnapshot)
            throws StoreCorruptedException {
        boolean later = term.isPresent() || snapshot != null || hasLog;
        if (endpoint.isEmpty() || members.isEmpty()) {
            if (later || (endpoint.isEmpty() && members.isPresent())) {
                Path missing = dir.resolve(endpoint.isEmpty() ? ENDPOINT : MEMBERS);
                throw new StoreCorruptedException(missing, 0, "file missing while the directory holds "
                        + (term.isPresent() ? "a term" : snapshot != null ? "a snapshot" : "log segments or members")
                        + " (expected: " + ENDPOINT + " and " + MEMBERS + ", which a node writes first)");
            }
            return null; // new, or start-up interrupted before the initial members were persisted
        }
        RaftGroupMembersViewModel initial = members.get();
        if (initial.logIndex() != 0) {
            throw new StoreCorruptedException(dir.resolve(MEMBERS), 0, "initial members at log index "
                    + initial.logIndex() + " (expected: 0)");
        }
        if (term.isEmpty() && (snapshot != null || !entriesAfterSnapshot.isEmpty())) {
            // MicroRaft persists a term before it accepts an entry or a snapshot: restoring term 0 with no vote would
            // let this member vote a second time in a term it already voted in
            throw new StoreCorruptedException(dir.resolve(TERM), 0, "file missing while the directory holds "
                    + (snapshot != null ? "a snapshot at index " + snapshot.index()
                            : entriesAfterSnapshot.size() + " log entries")
                    + " (expected: " + TERM + ", which a node writes before it accepts any entry or snapshot)");
        }
        // no term, entry or snapshot yet: term 0 without a vote, where MicroRaft starts
        return new RestoredRaftState(endpoint.get(), initial, term.orElse(new RaftTermPersistentStateModel(0, null)),
                snapshot, new ArrayList<LogEntry>(entriesAfterSnapshot));
    }

    private static void checkRegistry(Serializer serializer) {
        for (Class<?> type : List.of(LogEntryModel.class, SnapshotChunkModel.class, RaftGroupMembersViewModel.class,
                RaftEndpointPersistentStateModel.class, RaftTermPersistentStateModel.class)) {
            if (serializer.registry().find(type) == null) {
                throw new IllegalArgumentException("the registry of serializer " + serializer.name() + " lacks "
                        + type.getSimpleName() + " (expected: a registry built with EngineType.registerAll)");
            }
        }
    }

    private static void checkGroupId(String groupId) {
        Objects.requireNonNull(groupId, "groupId");
        if (groupId.isEmpty() || groupId.length() > 255) {
            throw new IllegalArgumentException("groupId has " + groupId.length() + " characters (expected: 1..255)");
        }
        for (int i = 0; i < groupId.length(); i++) {
            if (Character.isISOControl(groupId.charAt(i))) {
                throw new IllegalArgumentException("groupId contains control character U+"
                        + String.format("%04X", (int) groupId.charAt(i)) + " at " + i + " (expected: printable)");
            }
        }
    }
}
