package io.raftwire.node.store;

import io.raftwire.node.model.LogEntryModel;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Reads a member's shared log ({@link SharedLog}, layout in {@link StoreFormat}): one scan of every segment in order at
 * start-up, split per group, with each group's records replayed in order (a truncation record drops that group's
 * entries from its index on). The newest segment may end in a torn record or in the zeros of a preallocated file,
 * handled as in a group's own log ({@link LogRecovery#endAfterDamage}); a damaged record anywhere else, a record of a
 * group index the member does not have, or a segment that does not follow the one before it throws
 * {@link StoreCorruptedException} naming file and offset. Used by {@link SharedLog} only, under its lock.
 */
final class SharedLogRecovery {

    /** What start-up found: the segments, per segment the highest index each group has in it, per group its entries. */
    record Result(List<LogSegment> segments, List<long[]> touched, GroupEntries[] groups, long nextSequence) {
    }

    private final Path dir;
    private final FileHeader expected;
    private final RecordCodec codec;
    private final Syncer syncer;
    private final ChannelOpener files;
    private final Consumer<TornTail> reporter;
    private final long segmentBytes;
    private final int groups;

    /**
     * @param segmentHeader the header every segment must have, but for its base index
     * @param groups        the member's configured group count ({@code raftwire.groups})
     */
    SharedLogRecovery(Path dir, FileHeader segmentHeader, RecordCodec codec, Syncer syncer, ChannelOpener files,
            Consumer<TornTail> reporter, long segmentBytes, int groups) {
        this.dir = dir;
        this.expected = segmentHeader;
        this.codec = codec;
        this.syncer = syncer;
        this.files = files;
        this.reporter = reporter;
        this.segmentBytes = segmentBytes;
        this.groups = groups;
    }

    /** Scans every segment once; cuts a torn tail off the newest. */
    Result recover() throws IOException {
        TreeMap<Long, Path> found = LogRecovery.list(dir);
        GroupEntries[] entries = new GroupEntries[groups];
        for (int g = 0; g < groups; g++) {
            entries[g] = new GroupEntries(g);
        }
        List<LogSegment> segments = new ArrayList<>();
        List<long[]> touched = new ArrayList<>();
        long next = 1;
        int n = 0;
        for (Map.Entry<Long, Path> e : found.entrySet()) {
            boolean newest = ++n == found.size();
            long base = e.getKey();
            Path path = e.getValue();
            if (!segments.isEmpty() && base != next) {
                LogSegment before = segments.get(segments.size() - 1);
                throw new StoreCorruptedException(path, 24, "segment starts at record " + base + " (expected: " + next
                        + ", right after the last record of " + before.path().getFileName()
                        + (base > next ? "; records are missing)" : "; records overlap)"));
            }
            long[] highest = new long[groups];
            LogSegment s = LogRecovery.scanSegment(path, newest, dir, files, syncer, reporter,
                    (ch, header) -> scan(ch, path, base, newest, header, entries, highest));
            if (s != null) {
                segments.add(s);
                touched.add(highest);
                next = base + s.count();
            }
        }
        return new Result(segments, touched, entries, next);
    }

    /**
     * Reads group {@code group}'s records again from segments in use (a group reopened while the others run): each
     * up to where its records end now. Nothing is written.
     */
    GroupEntries reread(List<LogSegment> segments, int group) throws IOException {
        GroupEntries entries = new GroupEntries(group);
        for (LogSegment s : segments) {
            try (FileChannel ch = files.open(s.path(), StandardOpenOption.READ)) {
                RecordReader reader = new RecordReader(ch, s.path(), s.headerLength(), codec.maxRecordBytes());
                try {
                    while (reader.position() < s.size()) {
                        RecordReader.Frame f = reader.next();
                        if (f == null) {
                            break;
                        }
                        if (groupOf(f, s.path()) == group) {
                            apply(f, s.path(), entries);
                        }
                    }
                } catch (RecordReader.Damage d) {
                    throw new StoreCorruptedException(s.path(), d.offset, d.reason + " (expected: an intact record, "
                            + "written by this process before)");
                }
            }
        }
        return entries;
    }

    private LogSegment scan(FileChannel ch, Path path, long base, boolean newest, FileHeader found,
            GroupEntries[] entries, long[] highest) throws IOException {
        expected.with(FileKind.SHARED_LOG_SEGMENT, base).check(found, path);
        long headerLength = found.length();
        RecordReader reader = new RecordReader(ch, path, headerLength, codec.maxRecordBytes());
        List<Long> offsets = new ArrayList<>();
        long end;
        try {
            for (RecordReader.Frame f = reader.next(); f != null; f = reader.next()) {
                int g = groupOf(f, path);
                if (g >= groups) {
                    throw new StoreCorruptedException(path, f.offset() + StoreFormat.FRAME_BYTES, "a record of group "
                            + "index " + g + " (expected: 0.." + (groups - 1) + ", the member's raftwire.groups = "
                            + groups + "; a shared log is read with the group count that wrote it)");
                }
                highest[g] = Math.max(highest[g], apply(f, path, entries[g]));
                offsets.add(f.offset());
            }
            end = reader.position();
        } catch (RecordReader.Damage d) {
            end = LogRecovery.endAfterDamage(ch, reader, d, path, newest, syncer, reporter);
        }
        long size = ch.size();
        long[] offs = new long[Math.max(64, offsets.size())];
        for (int i = 0; i < offsets.size(); i++) {
            offs[i] = offsets.get(i);
        }
        // a preallocated segment moves on once its capacity is used, as when it was created; a grown one at the size
        long rollAt = size > end ? size : segmentBytes;
        return LogSegment.existing(files, path, base, headerLength, rollAt, offs, offsets.size(), end);
    }

    private static int groupOf(RecordReader.Frame f, Path path) throws StoreCorruptedException {
        byte[] p = f.payload();
        if (p.length < StoreFormat.GROUP_TAG_BYTES) {
            throw new StoreCorruptedException(path, f.offset(), "a record of " + p.length + " bytes (expected: at "
                    + "least " + StoreFormat.GROUP_TAG_BYTES + ", the group index of a shared log's record)");
        }
        int g = ByteBuffer.wrap(p).getInt(0);
        if (g < 0) {
            throw new StoreCorruptedException(path, f.offset() + StoreFormat.FRAME_BYTES, "group index " + g
                    + " (expected: >= 0)");
        }
        return g;
    }

    /** Applies one record to its group's entries; returns the index it touches. */
    private long apply(RecordReader.Frame f, Path path, GroupEntries entries)
            throws StoreCorruptedException {
        byte[] p = f.payload();
        if (f.typeId() == StoreFormat.TRUNCATION_TYPE_ID) {
            if (p.length != StoreFormat.TRUNCATION_PAYLOAD_BYTES) {
                throw new StoreCorruptedException(path, f.offset(), "a truncation record of " + p.length
                        + " bytes (expected: " + StoreFormat.TRUNCATION_PAYLOAD_BYTES + ")");
            }
            long from = ByteBuffer.wrap(p).getLong(StoreFormat.GROUP_TAG_BYTES);
            entries.truncate(from, path, f.offset());
            return from;
        }
        LogEntryModel m = codec.decode(f.typeId(), p, StoreFormat.GROUP_TAG_BYTES, LogEntryModel.class, path,
                f.offset());
        entries.add(m, path, f.offset());
        return m.index();
    }

    /**
     * One group's entries as its records in the shared log leave them, in index order and contiguous: an entry
     * after a gap starts over (the entries before the gap are older than a snapshot, which {@link #after} checks).
     * Not thread-safe.
     */
    static final class GroupEntries {
        private final int group;
        private final List<LogEntryModel> entries = new ArrayList<>();
        private long next; // the index of the group's next entry without a gap; 0 before its first record
        private boolean any;
        private Path firstFile;
        private long firstOffset;

        GroupEntries(int group) {
            this.group = group;
        }

        /** Whether the shared log holds any record of this group. */
        boolean any() {
            return any;
        }

        void add(LogEntryModel m, Path file, long offset) throws StoreCorruptedException {
            any = true;
            if (next != 0 && m.index() < next) {
                throw new StoreCorruptedException(file, offset, "log entry index " + m.index() + " of group index "
                        + group + " (expected: " + next + ", the group's next index; an entry is written again only "
                        + "after a truncation record)");
            }
            if (next != 0 && m.index() > next) {
                entries.clear(); // the entries before are older than a snapshot, or missing: after() tells
            }
            if (!entries.isEmpty() && m.term() < entries.get(entries.size() - 1).term()) {
                throw new StoreCorruptedException(file, offset, "log entry " + m.index() + " of group index " + group
                        + " has term " + m.term() + " (expected: >= " + entries.get(entries.size() - 1).term()
                        + ", the term of the entry before it)");
            }
            if (entries.isEmpty()) {
                firstFile = file;
                firstOffset = offset;
            }
            entries.add(m);
            next = m.index() + 1;
        }

        void truncate(long from, Path file, long offset) throws StoreCorruptedException {
            any = true;
            if (from < 1) {
                throw new StoreCorruptedException(file, offset, "a truncation of group index " + group + " from index "
                        + from + " (expected: >= 1)");
            }
            while (!entries.isEmpty() && entries.get(entries.size() - 1).index() >= from) {
                entries.remove(entries.size() - 1);
            }
            next = from;
        }

        /**
         * The entries after the group's snapshot, checked to follow it.
         *
         * @throws StoreCorruptedException naming where the first entry kept was read, if entries between the
         *                                 snapshot and it are missing
         */
        List<LogEntryModel> after(long snapshotIndex) throws StoreCorruptedException {
            int from = 0;
            while (from < entries.size() && entries.get(from).index() <= snapshotIndex) {
                from++;
            }
            List<LogEntryModel> kept = new ArrayList<>(entries.subList(from, entries.size()));
            if (!kept.isEmpty() && kept.get(0).index() != snapshotIndex + 1) {
                throw new StoreCorruptedException(firstFile, firstOffset, "group index " + group + "'s log starts at "
                        + "index " + kept.get(0).index() + (snapshotIndex == 0 ? " and there is no snapshot"
                                : " after a snapshot at index " + snapshotIndex)
                        + " (expected: " + (snapshotIndex + 1) + "; entries are missing)");
            }
            return kept;
        }

        /** The index the group's next entry must have, given its snapshot. */
        long nextIndex(long snapshotIndex) {
            long last = entries.isEmpty() ? 0 : entries.get(entries.size() - 1).index();
            return Math.max(snapshotIndex + 1, Math.max(last + 1, next));
        }
    }
}
