package io.raftwire.node.store;

import io.raftwire.node.level.FeatureLevels;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Objects;
import java.util.function.Consumer;

/**
 * Settings of a {@link FileRaftStore}. Immutable.
 *
 * @param segmentBytes     a log segment is closed and a new one started once it holds at least this many bytes;
 *                         {@value #MIN_SEGMENT_BYTES}..{@value Integer#MAX_VALUE}. A segment can exceed it by one
 *                         batch of entries.
 * @param maxRecordBytes   the largest payload of one record (one encoded log entry or snapshot chunk), in bytes;
 *                         1..{@value #MAX_RECORD_BYTES}. Larger values are refused when written, and a frame that
 *                         declares more is corruption when read.
 * @param syncer           how files and directories are made durable
 * @param tornTailReporter told about each torn tail cut off at start-up; the default logs it at WARN
 * @param preallocate      whether new log segments are zero-filled to their capacity by a background thread before
 *                         they are used (the default), so that an fdatasync after an append journals no size change;
 *                         {@code false} grows every new segment by its appends, as a 0.1.0 store did (for a file
 *                         system where preallocation buys nothing, such as tmpfs or a copy-on-write one)
 * @param levels           the feature levels the member's cluster has recorded ({@link FeatureLevels#NONE}, the
 *                         default, if none): with a level recorded, a file whose header names another type registry
 *                         is read if {@code <dir>/schema/<its registry fingerprint>.schema} holds a schema whose
 *                         raftwire types equal the member's; with none, such a file is refused as before
 */
public record StoreOptions(long segmentBytes, int maxRecordBytes, Syncer syncer, Consumer<TornTail> tornTailReporter,
        boolean preallocate, FeatureLevels levels) {

    /** Default segment size: 64 MiB. */
    public static final long DEFAULT_SEGMENT_BYTES = 64L * 1024 * 1024;
    /** Smallest segment size accepted: 4 KiB. */
    public static final long MIN_SEGMENT_BYTES = 4096;
    /** Default and largest record payload: 256 MiB. */
    public static final int MAX_RECORD_BYTES = 256 * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(FileRaftStore.class);

    /** Logs a torn tail at WARN through the {@link FileRaftStore} logger. */
    public static final Consumer<TornTail> LOG_TORN_TAIL = t -> LOG.warn("{}", t.describe());

    /** Checks. */
    public StoreOptions {
        if (segmentBytes < MIN_SEGMENT_BYTES) {
            throw new IllegalArgumentException("segmentBytes = " + segmentBytes + " (expected: >= " + MIN_SEGMENT_BYTES
                    + ")");
        }
        if (maxRecordBytes < 1 || maxRecordBytes > MAX_RECORD_BYTES) {
            throw new IllegalArgumentException("maxRecordBytes = " + maxRecordBytes + " (expected: 1.."
                    + MAX_RECORD_BYTES + ")");
        }
        Objects.requireNonNull(syncer, "syncer");
        Objects.requireNonNull(tornTailReporter, "tornTailReporter");
        Objects.requireNonNull(levels, "levels");
    }

    /** These settings with no feature level recorded, as before {@code levels} existed. */
    public StoreOptions(long segmentBytes, int maxRecordBytes, Syncer syncer, Consumer<TornTail> tornTailReporter,
            boolean preallocate) {
        this(segmentBytes, maxRecordBytes, syncer, tornTailReporter, preallocate, FeatureLevels.NONE);
    }

    /** These settings with preallocated segments, as before {@code preallocate} existed. */
    public StoreOptions(long segmentBytes, int maxRecordBytes, Syncer syncer, Consumer<TornTail> tornTailReporter) {
        this(segmentBytes, maxRecordBytes, syncer, tornTailReporter, true);
    }

    /**
     * 64 MiB segments, 256 MiB records, real fsyncs, torn tails logged at WARN, preallocated segments, no feature
     * level.
     */
    public static StoreOptions defaults() {
        return new StoreOptions(DEFAULT_SEGMENT_BYTES, MAX_RECORD_BYTES, Syncer.SYSTEM, LOG_TORN_TAIL, true,
                FeatureLevels.NONE);
    }

    /** A copy with another segment size. */
    public StoreOptions withSegmentBytes(long bytes) {
        return new StoreOptions(bytes, maxRecordBytes, syncer, tornTailReporter, preallocate, levels);
    }

    /** A copy with another record size limit. */
    public StoreOptions withMaxRecordBytes(int bytes) {
        return new StoreOptions(segmentBytes, bytes, syncer, tornTailReporter, preallocate, levels);
    }

    /** A copy with another syncer. */
    public StoreOptions withSyncer(Syncer s) {
        return new StoreOptions(segmentBytes, maxRecordBytes, s, tornTailReporter, preallocate, levels);
    }

    /** A copy with another torn-tail reporter. */
    public StoreOptions withTornTailReporter(Consumer<TornTail> reporter) {
        return new StoreOptions(segmentBytes, maxRecordBytes, syncer, reporter, preallocate, levels);
    }

    /** A copy that preallocates new log segments, or grows them by appends. */
    public StoreOptions withPreallocation(boolean on) {
        return new StoreOptions(segmentBytes, maxRecordBytes, syncer, tornTailReporter, on, levels);
    }

    /**
     * A copy with the member's recorded feature levels: a member passes those its {@code level.state} holds, so that
     * its store reads files written with other application types once the cluster has recorded a level.
     */
    public StoreOptions withLevels(FeatureLevels recorded) {
        return new StoreOptions(segmentBytes, maxRecordBytes, syncer, tornTailReporter, preallocate, recorded);
    }
}
