package io.raftwire.node.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * One append-only log segment file: log entries with consecutive indices from {@link #baseIndex()}, and where each
 * record starts. Not thread-safe; used on the Raft thread, except {@link #forceIfOpen}, which the store's sync thread
 * calls under the store's force lock (the Raft thread closes the channel only under that lock).
 */
final class LogSegment {

    private final ChannelOpener files;
    private final Path path;
    private final long baseIndex;
    private final long headerLength;
    private volatile FileChannel channel;
    private long[] offsets;
    private int count;
    private long end;

    private LogSegment(ChannelOpener files, Path path, long baseIndex, long headerLength, FileChannel channel,
            long[] offsets, int count, long end) {
        this.files = files;
        this.path = path;
        this.baseIndex = baseIndex;
        this.headerLength = headerLength;
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
    static LogSegment create(ChannelOpener files, Path logDir, FileHeader header, Syncer syncer) throws IOException {
        Path path = logDir.resolve(fileName(header.baseIndex()));
        FileChannel ch = files.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            ByteBuffer h = header.encode();
            int length = h.remaining();
            RecordFiles.writeFully(ch, h, 0);
            syncer.force(ch);
            syncer.forceDirectory(logDir);
            return new LogSegment(files, path, header.baseIndex(), length, ch, new long[64], 0, length);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        }
    }

    /** A segment found at start-up, already checked; its channel is opened when first needed. */
    static LogSegment existing(ChannelOpener files, Path path, long baseIndex, long headerLength, long[] offsets,
            int count, long end) {
        return new LogSegment(files, path, baseIndex, headerLength, null, offsets, count, end);
    }

    Path path() {
        return path;
    }

    long baseIndex() {
        return baseIndex;
    }

    /** The index of the last entry, or {@code baseIndex() - 1} if empty. */
    long lastIndex() {
        return baseIndex + count - 1;
    }

    int count() {
        return count;
    }

    /** Bytes in the file. */
    long size() {
        return end;
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
