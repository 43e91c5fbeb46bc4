package io.raftwire.node.store;

import io.raftwire.node.model.LogEntryModel;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the log segments at start-up: checks every header and record, cuts a torn tail off the newest segment,
 * deletes segments a snapshot made obsolete, and refuses anything else. The newest segment may be preallocated
 * (zero-filled beyond its records, see {@link SegmentPreparer}): its log ends at the first frame whose 16 bytes are all
 * zero, provided no intact record follows anywhere after it (a frame can never be all zeros: the CRC32C of eight zero
 * bytes is not zero). A damaged record followed only by zeros is a torn tail as in a grown file. Used once, by {@link FileRaftStore#open}.
 */
final class LogRecovery {

    private static final Pattern NAME = Pattern.compile("(\\d{20})\\.log");

    /** What start-up found. */
    record Result(List<LogSegment> segments, List<LogEntryModel> entriesAfterSnapshot, long nextIndex) {
    }

    /** @param size the file's size: larger than {@code end} in a preallocated segment */
    private record Scanned(Path path, long base, long headerLength, long[] offsets, List<LogEntryModel> entries,
            long end, long size) {
        long lastIndex() {
            return base + entries.size() - 1;
        }
    }

    private final Path logDir;
    private final FileHeader expected;
    private final RecordCodec codec;
    private final Syncer syncer;
    private final ChannelOpener files;
    private final Consumer<TornTail> reporter;
    private final long segmentBytes;

    /** @param segmentBytes where a grown segment found here moves on to the next ({@link StoreOptions#segmentBytes}) */
    LogRecovery(Path logDir, FileHeader storeHeader, RecordCodec codec, Syncer syncer, ChannelOpener files,
            Consumer<TornTail> reporter, long segmentBytes) {
        this.logDir = logDir;
        this.expected = storeHeader.with(FileKind.LOG_SEGMENT, 0);
        this.codec = codec;
        this.syncer = syncer;
        this.files = files;
        this.reporter = reporter;
        this.segmentBytes = segmentBytes;
    }

    /**
     * @param snapshotIndex the index of the newest complete snapshot, 0 if none
     */
    Result recover(long snapshotIndex) throws IOException {
        TreeMap<Long, Path> files = list();
        List<Scanned> scanned = new ArrayList<>();
        int n = 0;
        for (var e : files.entrySet()) {
            boolean newest = ++n == files.size();
            Scanned s = scan(e.getValue(), e.getKey(), newest);
            if (s != null) {
                scanned.add(s);
            }
        }
        // segments wholly covered by the snapshot are obsolete (MicroRaft asked for them to go, or would)
        List<Scanned> kept = new ArrayList<>();
        for (Scanned s : scanned) {
            if (snapshotIndex > 0 && s.lastIndex() <= snapshotIndex) {
                Files.delete(s.path);
            } else {
                kept.add(s);
            }
        }
        if (kept.size() < scanned.size()) {
            syncer.forceDirectory(logDir);
        }
        checkContiguous(kept, snapshotIndex);
        List<LogSegment> segments = new ArrayList<>();
        List<LogEntryModel> after = new ArrayList<>();
        long next = snapshotIndex + 1;
        for (Scanned s : kept) {
            // a preallocated segment moves on once its capacity is used, as when it was created; a grown one at the size
            long rollAt = s.size > s.end ? s.size : segmentBytes;
            segments.add(LogSegment.existing(this.files, s.path, s.base, s.headerLength, rollAt, s.offsets,
                    s.entries.size(), s.end));
            for (LogEntryModel m : s.entries) {
                if (m.index() > snapshotIndex) {
                    after.add(m);
                }
            }
            next = Math.max(next, s.lastIndex() + 1);
        }
        return new Result(segments, after, next);
    }

    private TreeMap<Long, Path> list() throws IOException {
        return list(logDir);
    }

    /** The segment files of a log directory by the index in their names: {@code <20 digits>.log}. */
    static TreeMap<Long, Path> list(Path logDir) throws IOException {
        TreeMap<Long, Path> files = new TreeMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(logDir)) {
            for (Path p : ds) {
                Matcher m = NAME.matcher(p.getFileName().toString());
                if (m.matches()) {
                    files.put(Long.parseLong(m.group(1)), p);
                }
            }
        }
        return files;
    }

    /** Reads one segment; {@code null} if it was the newest and its creation was torn (then it is deleted). */
    private Scanned scan(Path path, long base, boolean newest) throws IOException {
        return scanSegment(path, newest, logDir, files, syncer, reporter,
                (ch, found) -> scanRecords(ch, path, base, newest, found));
    }

    /** What is read from a segment file whose header was read intact. */
    @FunctionalInterface
    interface SegmentBody<S> {
        S read(FileChannel ch, FileHeader found) throws IOException;
    }

    /**
     * Opens a segment file, reads its header and hands it to {@code body}; a torn header in the newest segment (its
     * creation interrupted) removes the file, reports it and returns {@code null}; in any other segment it is
     * corruption. Shared by a group's own log and a member's {@link SharedLog}.
     */
    static <S> S scanSegment(Path path, boolean newest, Path logDir, ChannelOpener files, Syncer syncer,
            Consumer<TornTail> reporter, SegmentBody<S> body) throws IOException {
        TornTail torn = null;
        try (FileChannel ch = files.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            FileHeader found;
            try {
                found = FileHeader.read(ch, path);
            } catch (FileHeader.TornHeaderException e) {
                if (!newest) {
                    throw e.toCorruption();
                }
                torn = new TornTail(path, 0, ch.size(), e.reason() + "; the file was removed");
                found = null;
            }
            if (found != null) {
                return body.read(ch, found);
            }
        }
        // only reached for the newest segment with a torn header: removed once its channel is closed
        Files.delete(path);
        syncer.forceDirectory(logDir);
        reporter.accept(torn);
        return null;
    }

    /** Reads the records of one segment whose header was read intact. */
    private Scanned scanRecords(FileChannel ch, Path path, long base, boolean newest, FileHeader found)
            throws IOException {
        expected.with(FileKind.LOG_SEGMENT, base).check(found, path);
        long headerLength = found.length();
        RecordReader reader = new RecordReader(ch, path, headerLength, codec.maxRecordBytes());
        List<LogEntryModel> entries = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        int lastTerm = 0;
        long end;
        try {
            for (RecordReader.Frame f = reader.next(); f != null; f = reader.next()) {
                LogEntryModel m = codec.decode(f.typeId(), f.payload(), LogEntryModel.class, path, f.offset());
                long want = base + entries.size();
                if (m.index() != want) {
                    throw new StoreCorruptedException(path, f.offset(), "log entry index " + m.index()
                            + " (expected: " + want + ", the next index of this segment)");
                }
                if (m.term() < lastTerm) {
                    throw new StoreCorruptedException(path, f.offset(), "log entry " + m.index() + " has term "
                            + m.term() + " (expected: >= " + lastTerm + ", the term of the entry before it)");
                }
                lastTerm = m.term();
                entries.add(m);
                offsets.add(f.offset());
            }
            end = reader.position();
        } catch (RecordReader.Damage d) {
            end = endAfterDamage(ch, reader, d, path, newest, syncer, reporter);
        }
        return scanned(path, base, headerLength, offsets, entries, end, ch.size());
    }

    /**
     * Where the records of a segment end, given damage {@code d} found while reading them: in the newest segment,
     * at 16 zero bytes with no intact record after them (the end of a preallocated file), or at a torn tail, which is
     * cut off, forced and reported; anywhere else the damage is corruption.
     *
     * @throws StoreCorruptedException naming file, offset, what was found and why it is not a torn tail
     */
    static long endAfterDamage(FileChannel ch, RecordReader reader, RecordReader.Damage d, Path path, boolean newest,
            Syncer syncer, Consumer<TornTail> reporter) throws IOException {
        if (newest && reader.zerosAt(d.offset) && reader.validFrameFrom(d.offset) < 0) {
            // the end of the records in a preallocated segment: nothing to cut, nothing torn
            return d.offset;
        }
        long following = reader.validFrameFrom(d.nextCandidate);
        if (!newest || following >= 0) {
            throw new StoreCorruptedException(path, d.offset, d.reason + "; not a torn tail: "
                    + (newest ? "an intact record follows at offset " + following
                            : "this is not the newest log segment"));
        }
        ch.truncate(d.offset);
        syncer.force(ch);
        reporter.accept(new TornTail(path, d.offset, reader.size() - d.offset, d.reason));
        return d.offset;
    }

    private static Scanned scanned(Path path, long base, long headerLength, List<Long> offsets,
            List<LogEntryModel> entries, long end, long size) {
        long[] offs = new long[Math.max(64, offsets.size())];
        for (int i = 0; i < offsets.size(); i++) {
            offs[i] = offsets.get(i);
        }
        return new Scanned(path, base, headerLength, offs, entries, end, size);
    }

    private static void checkContiguous(List<Scanned> kept, long snapshotIndex) throws StoreCorruptedException {
        for (int i = 0; i < kept.size(); i++) {
            Scanned s = kept.get(i);
            long want;
            String why;
            if (i > 0) {
                want = kept.get(i - 1).lastIndex() + 1;
                why = "right after the last entry of " + kept.get(i - 1).path.getFileName();
                if (s.base != want) {
                    throw new StoreCorruptedException(s.path, 24, "segment starts at index " + s.base
                            + " (expected: " + want + ", " + why + (s.base > want ? "; entries are missing)"
                                    : "; entries overlap)"));
                }
            } else if (snapshotIndex == 0 && s.base != 1) {
                throw new StoreCorruptedException(s.path, 24, "log starts at index " + s.base
                        + " and there is no snapshot (expected: 1)");
            } else if (s.base > snapshotIndex + 1) {
                throw new StoreCorruptedException(s.path, 24, "log starts at index " + s.base
                        + " after a snapshot at index " + snapshotIndex + " (expected: <= " + (snapshotIndex + 1)
                        + "; entries are missing)");
            }
        }
    }
}
