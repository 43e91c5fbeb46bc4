package io.raftwire.node.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * One append-only log segment file: log entries with consecutive indices from {@link #baseIndex()}, and where each
 * record starts. The file is either grown by its appends (created empty, or found so at start-up) or preallocated:
 * zero-filled to its capacity beforehand (see {@link SegmentPreparer}), its records written over the zeros from the
 * header on, so that its end is where the records stop, not its size. Not thread-safe; used on the Raft thread, except {@link #forceIfOpen}, which the store's sync thread
 * calls under the store's force lock (the Raft thread closes the channel only under that lock).
 */
final class LogSegment {

    private final ChannelOpener files;
    private final Path path;
    private final long baseIndex;
    private final long headerLength;
    private final long rollAt;
    private volatile FileChannel channel;
    private long[] offsets;
    private int count;
    private long end;

    private LogSegment(ChannelOpener files, Path path, long baseIndex, long headerLength, long rollAt,
            FileChannel channel, long[] offsets, int count, long end) {
        this.files = files;
        this.path = path;
        this.baseIndex = baseIndex;
        this.headerLength = headerLength;
        this.rollAt = rollAt;
        this.channel = channel;
        this.offsets = offsets;
        this.count = count;
        this.end = end;
    }

    /** The file name of the segment whose first entry is {@code baseIndex}. */
    static String fileName(long baseIndex) {
        return StoreFormat.indexName(baseIndex) + ".log";
    }

    /**
     * Creates an empty segment: writes its header, forces it and the directory, so that a segment's header is
     * durable before any entry is appended to it.
     */
    static LogSegment create(ChannelOpener files, Path logDir, FileHeader header, Syncer syncer, long rollAt)
            throws IOException {
        Path path = logDir.resolve(fileName(header.baseIndex()));
        FileChannel ch = files.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            ByteBuffer h = header.encode();
            int length = h.remaining();
            RecordFiles.writeFully(ch, h, 0);
            syncer.force(ch);
            syncer.forceDirectory(logDir);
            return new LogSegment(files, path, header.baseIndex(), length, rollAt, ch, new long[64], 0, length);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /**
     * Makes a segment of a prepared (zero-filled, forced) file: writes the header over its first bytes and forces it,
     * then renames the file to the segment's name and forces the directory, so that the name never survives a power
     * loss without the header. The segment moves on once it holds the prepared capacity.
     */
    static LogSegment fromPrepared(ChannelOpener files, Path logDir, FileHeader header, Syncer syncer,
            SegmentPreparer.Prepared prepared) throws IOException {
        Path path = logDir.resolve(fileName(header.baseIndex()));
        FileChannel ch = prepared.channel();
        try {
            ByteBuffer h = header.encode();
            int length = h.remaining();
            RecordFiles.writeFully(ch, h, 0);
            syncer.force(ch);
            ch.close();
            Files.move(prepared.path(), path, StandardCopyOption.ATOMIC_MOVE);
            syncer.forceDirectory(logDir);
            // opened again under its segment name when first written, as every segment found at start-up is
            return new LogSegment(files, path, header.baseIndex(), length, prepared.capacity(), null, new long[64], 0,
                    length);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** A segment found at start-up, already checked; its channel is opened when first needed. */
    static LogSegment existing(ChannelOpener files, Path path, long baseIndex, long headerLength, long rollAt,
            long[] offsets, int count, long end) {
        return new LogSegment(files, path, baseIndex, headerLength, rollAt, null, offsets, count, end);
    }

    Path path() {
        return path;
    }

    long baseIndex() {
        return baseIndex;
    }

    /** Where the records start: the length of the file's header. */
    long headerLength() {
        return headerLength;
    }

    /** The index of the last entry, or {@code baseIndex() - 1} if empty. */
    long lastIndex() {
        return baseIndex + count - 1;
    }

    int count() {
        return count;
    }

    /** Where the records end: the bytes of the header and records (a preallocated file is larger). */
    long size() {
        return end;
    }

    /** The log moves on to a new segment once this one holds at least this many bytes. */
    long rollAt() {
        return rollAt;
    }

    /**
     * Appends framed records; not forced.
     *
     * @param records     the records' bytes
     * @param recordStart where each record starts, relative to {@code records}' position
     */
    void append(ByteBuffer records, int[] recordStart, int recordCount) throws IOException {
        long at = end;
        RecordFiles.writeFully(channel(), records, at);
        if (count + recordCount > offsets.length) {
            offsets = Arrays.copyOf(offsets, Math.max(offsets.length * 2, count + recordCount));
        }
        for (int i = 0; i < recordCount; i++) {
            offsets[count++] = at + recordStart[i];
        }
        end = at + records.limit();
    }

    /** Drops the entries from {@code index} on (the file is cut where that entry starts); not forced. */
    void truncateFrom(long index) throws IOException {
        int keep = (int) (index - baseIndex);
        long cut = keep == 0 ? headerLength : offsets[keep];
        channel().truncate(cut);
        count = keep;
        end = cut;
    }

    void force(Syncer syncer) throws IOException {
        syncer.force(channel());
    }

    /**
     * Cuts the zeros a preallocated file holds after its records, then forces the file: done once, when the log
     * moves on, so that every segment but the newest ends exactly where its records end (as a 0.1.0 store reads them).
     */
    void trimAndForce(Syncer syncer) throws IOException {
        FileChannel ch = channel();
        if (ch.size() > end) {
            ch.truncate(end);
        }
        syncer.force(ch);
    }

    /**
     * Forces the file if its channel is open; a closed segment was forced before it was closed, or deleted. Called
     * with the store's force lock held.
     */
    void forceIfOpen(Syncer syncer) throws IOException {
        FileChannel ch = channel;
        if (ch != null) {
            syncer.force(ch);
        }
    }

    void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }

    /** Closes and deletes the file; the directory is not forced. */
    void delete() throws IOException {
        close();
        Files.deleteIfExists(path);
    }

    private FileChannel channel() throws IOException {
        if (channel == null) {
            channel = files.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        return channel;
    }
}
