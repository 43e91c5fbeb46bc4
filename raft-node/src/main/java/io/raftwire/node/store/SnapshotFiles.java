package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.SnapshotEntryModel;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Snapshot files. Chunks of a snapshot are appended, in any order, to {@code <index>.snap.tmp}; once every chunk is
 * there, {@link #flush()} forces the file and renames it to {@code <index>.snap}, which is what a restart restores.
 * Older snapshots are deleted once a newer one is complete. Not thread-safe; used on the Raft thread.
 */
final class SnapshotFiles {

    private static final Pattern COMPLETE = Pattern.compile("(\\d{20})\\.snap");
    private static final Pattern PARTIAL = Pattern.compile("(\\d{20})\\.snap\\.tmp");

    /** A snapshot still receiving chunks. */
    private static final class Pending {
        final long index;
        final int chunkCount;
        final Path temp;
        final FileChannel channel;
        final BitSet received = new BitSet();
        long end;

        Pending(long index, int chunkCount, Path temp, FileChannel channel, long end) {
            this.index = index;
            this.chunkCount = chunkCount;
            this.temp = temp;
            this.channel = channel;
            this.end = end;
        }

        boolean complete() {
            return received.cardinality() == chunkCount;
        }
    }

    private final Path dir;
    private final FileHeader snapshotHeader;
    private final RecordCodec codec;
    private final Syncer syncer;
    private final ChannelOpener files;
    private final TreeMap<Long, Pending> pending = new TreeMap<>();
    private long completeIndex;

    SnapshotFiles(Path dir, FileHeader storeHeader, RecordCodec codec, Syncer syncer, ChannelOpener files) {
        this.dir = dir;
        this.snapshotHeader = storeHeader.with(FileKind.SNAPSHOT, 0);
        this.codec = codec;
        this.syncer = syncer;
        this.files = files;
    }

    static String completeName(long index) {
        return StoreFormat.indexName(index) + ".snap";
    }

    /** The index of the newest complete snapshot, 0 if none. */
    long completeIndex() {
        return completeIndex;
    }

    /**
     * Finds the newest complete snapshot and rebuilds it from its chunks; deletes partial and older snapshots.
     *
     * @return the snapshot, or {@code null} if there is none
     */
    SnapshotEntryModel recover() throws IOException {
        TreeMap<Long, Path> complete = new TreeMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
            for (Path p : ds) {
                String name = p.getFileName().toString();
                Matcher c = COMPLETE.matcher(name);
                if (c.matches()) {
                    complete.put(Long.parseLong(c.group(1)), p);
                } else if (PARTIAL.matcher(name).matches()) {
                    Files.delete(p);
                }
            }
        }
        if (complete.isEmpty()) {
            return null;
        }
        Map.Entry<Long, Path> newest = complete.lastEntry();
        SnapshotEntryModel snapshot = read(newest.getValue(), newest.getKey());
        for (Path older : complete.headMap(newest.getKey()).values()) {
            Files.delete(older);
        }
        completeIndex = newest.getKey();
        return snapshot;
    }

    private SnapshotEntryModel read(Path file, long index) throws IOException {
        FileHeader expected = snapshotHeader.with(FileKind.SNAPSHOT, index);
        List<SnapshotChunkModel> chunks = new ArrayList<>(
                RecordFiles.readWhole(file, expected, codec, SnapshotChunkModel.class));
        long at = expected.length();
        if (chunks.isEmpty()) {
            throw new StoreCorruptedException(file, at, "no chunks (expected: at least 1)");
        }
        SnapshotChunkModel first = chunks.get(0);
        BitSet seen = new BitSet();
        for (SnapshotChunkModel c : chunks) {
            if (c.index() != index || c.term() != first.term()
                    || c.snapshotChunkCount() != first.snapshotChunkCount()) {
                throw new StoreCorruptedException(file, at, "chunk " + c.snapshotChunkIndex() + " is of index "
                        + c.index() + ", term " + c.term() + ", " + c.snapshotChunkCount() + " chunks (expected: index "
                        + index + ", term " + first.term() + ", " + first.snapshotChunkCount() + " chunks, like chunk "
                        + first.snapshotChunkIndex() + ")");
            }
            if (!sameMembers(c.groupMembersView(), first.groupMembersView())) {
                throw new StoreCorruptedException(file, at, "chunk " + c.snapshotChunkIndex() + " has "
                        + describe(c.groupMembersView()) + " (expected: " + describe(first.groupMembersView())
                        + ", in any order, like chunk " + first.snapshotChunkIndex() + ")");
            }
            if (seen.get(c.snapshotChunkIndex())) {
                throw new StoreCorruptedException(file, at, "chunk " + c.snapshotChunkIndex()
                        + " appears twice (expected: each chunk once)");
            }
            seen.set(c.snapshotChunkIndex());
        }
        if (chunks.size() != first.snapshotChunkCount()) {
            throw new StoreCorruptedException(file, at, chunks.size() + " of " + first.snapshotChunkCount()
                    + " chunks (expected: all of them)");
        }
        chunks.sort(Comparator.comparingInt(SnapshotChunkModel::snapshotChunkIndex));
        return new SnapshotEntryModel(index, first.term(), chunks, first.groupMembersView());
    }

    /**
     * Whether two chunks of one snapshot agree on its members. A follower is sent a snapshot's chunks by several
     * members, and each sends its own view: the same members at the same log index, in that member's order. MicroRaft
     * keeps members in sets and does not compare the chunks' views (its snapshot takes the view of the first request),
     * so the order carries nothing; the restored snapshot takes the view of the first chunk written.
     */
    private static boolean sameMembers(RaftGroupMembersViewModel a, RaftGroupMembersViewModel b) {
        return a.logIndex() == b.logIndex() && Set.copyOf(a.members()).equals(Set.copyOf(b.members()))
                && Set.copyOf(a.votingMembers()).equals(Set.copyOf(b.votingMembers()));
    }

    private static String describe(RaftGroupMembersViewModel v) {
        return "members " + v.members() + ", voting " + v.votingMembers() + ", at log index " + v.logIndex();
    }

    /**
     * Appends a chunk to its snapshot's temporary file; durable, and the snapshot complete, after {@link #flush()}.
     *
     * @return the bytes written (0 for a chunk already written)
     */
    int persist(SnapshotChunkModel chunk) throws IOException {
        if (chunk.index() <= completeIndex) {
            throw new IllegalArgumentException("snapshot chunk of index " + chunk.index() + " (expected: an index above "
                    + completeIndex + ", the newest complete snapshot)");
        }
        Pending p = pending.get(chunk.index());
        if (p == null) {
            p = start(chunk.index(), chunk.snapshotChunkCount());
        } else if (p.chunkCount != chunk.snapshotChunkCount()) {
            throw new IllegalArgumentException("snapshot chunk " + chunk.snapshotChunkIndex() + " of index "
                    + chunk.index() + " says " + chunk.snapshotChunkCount() + " chunks (expected: " + p.chunkCount
                    + ", like the chunks before it)");
        }
        if (p.received.get(chunk.snapshotChunkIndex())) {
            return 0; // MicroRaft persists each chunk once; a repeat carries nothing new
        }
        ByteBuf buf = Unpooled.buffer(256);
        try {
            codec.append(chunk, buf);
            int len = buf.readableBytes();
            RecordFiles.writeFully(p.channel, buf.nioBuffer(), p.end);
            p.end += len;
            p.received.set(chunk.snapshotChunkIndex());
            return len;
        } finally {
            buf.release();
        }
    }

    private Pending start(long index, int chunkCount) throws IOException {
        Path temp = dir.resolve(completeName(index) + ".tmp");
        FileChannel ch = files.open(temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            FileHeader header = snapshotHeader.with(FileKind.SNAPSHOT, index);
            RecordFiles.writeFully(ch, header.encode(), 0);
            Pending p = new Pending(index, chunkCount, temp, ch, header.length());
            pending.put(index, p);
            return p;
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** Whether a snapshot has all its chunks written and waits for {@link #flush()} to complete it. */
    boolean hasComplete() {
        for (Pending p : pending.values()) {
            if (p.complete()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Completes every snapshot whose chunks are all written (force, rename, force the directory), then deletes the
     * snapshots it makes obsolete.
     */
    void flush() throws IOException {
        Long done = null;
        for (Iterator<Pending> it = pending.values().iterator(); it.hasNext();) {
            Pending p = it.next();
            if (p.complete()) {
                RecordFiles.commitRename(p.channel, p.temp, dir.resolve(completeName(p.index)), syncer);
                it.remove();
                if (completeIndex > 0) {
                    Files.deleteIfExists(dir.resolve(completeName(completeIndex)));
                }
                completeIndex = p.index;
                done = p.index;
            }
        }
        if (done != null) {
            for (Iterator<Pending> it = pending.headMap(done).values().iterator(); it.hasNext();) {
                discard(it.next());
                it.remove();
            }
        }
    }

    /** Deletes the partial snapshot at {@code index}, if any; a complete snapshot is kept. */
    void deletePartial(long index) throws IOException {
        Pending p = pending.remove(index);
        if (p != null) {
            discard(p);
        }
    }

    void close() throws IOException {
        for (Pending p : pending.values()) {
            p.channel.close();
        }
        pending.clear();
    }

    private static void discard(Pending p) throws IOException {
        p.channel.close();
        Files.deleteIfExists(p.temp);
    }
}
