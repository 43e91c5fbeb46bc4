package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelStore;
import io.raftwire.serializer.Serializer;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * {@code <group dir>/level.state}: the feature levels a group has recorded ({@link FeatureLevels}), read at start-up
 * before the store opens and rewritten each time the group records a level. A state file ({@link StoreFormat}: file
 * kind 3, base index 0) with its own name, written as {@code term.state} is: the new content goes to
 * {@code level.state.tmp}, is forced, renamed over the old file, and the directory is forced. Its one record is a
 * {@link PrimitiveOperation} (type id 65) with id {@value LevelOperations#RECORD} whose value is
 * {@link FeatureLevels#toBytes()}: the log entry that records a level, so no type is added. A missing file is
 * {@link FeatureLevels#NONE} (a 0.1.0 directory, or a group that has recorded no level).
 *
 * <p>Reading changes nothing on disk (a leftover {@code level.state.tmp} stays until the next write replaces it).
 * The header must name this directory's group and serializer; its registry and serializer fingerprints are not
 * compared, since a member whose application types changed reads it to decide whether it may start at all, and its
 * record is a catalog type every release of this format shares. Used at start-up and on the group's Raft thread;
 * {@link #write} and {@link #close} are synchronized with each other.
 */
public final class LevelFile implements LevelStore {

    /** The file's name in a group's data directory. */
    public static final String NAME = "level.state";

    private final Path path;
    private final Path temp;
    private final Serializer serializer;
    private final FileHeader header;
    private final RecordCodec codec;
    private final Syncer syncer;
    private boolean closed;

    /**
     * @param dir        the group's data directory
     * @param serializer the serializer the directory is written with
     * @param groupId    the group's id, written in the header
     * @param syncer     how the file and the directory are forced
     */
    public LevelFile(Path dir, Serializer serializer, String groupId, Syncer syncer) {
        this.path = dir.resolve(NAME);
        this.temp = dir.resolve(NAME + ".tmp");
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.header = FileHeader.of(FileKind.STATE, 0, serializer, Objects.requireNonNull(groupId, "groupId"));
        this.codec = new RecordCodec(serializer, StoreOptions.MAX_RECORD_BYTES);
        this.syncer = Objects.requireNonNull(syncer, "syncer");
    }

    /** The file's path. */
    public Path path() {
        return path;
    }

    /**
     * The history the file holds; {@link FeatureLevels#NONE} if it does not exist. Writes nothing.
     *
     * @throws StoreCorruptedException naming the file and offset, if the file is cut short or damaged, belongs to
     *                                 another group or serializer, or does not hold exactly one feature level record
     */
    public FeatureLevels read() throws IOException {
        if (!Files.exists(path)) {
            return FeatureLevels.NONE;
        }
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            FileHeader found;
            try {
                found = FileHeader.read(ch, path);
            } catch (FileHeader.TornHeaderException e) {
                throw e.toCorruption();
            }
            new FileHeader(FileKind.STATE, header.serializerId(), header.serializerName(),
                    found.serializerFingerprint(), found.registryFingerprint(), 0, header.groupId(), WriterCheck.NONE)
                    .check(found, path);
            RecordReader reader = new RecordReader(ch, path, found.length(), codec.maxRecordBytes());
            RecordReader.Frame frame;
            try {
                frame = reader.next();
                if (frame == null) {
                    throw new StoreCorruptedException(path, found.length(), "no record (expected: exactly 1)");
                }
                if (reader.next() != null) {
                    throw new StoreCorruptedException(path, frame.end(), "a second record (expected: exactly 1)");
                }
            } catch (RecordReader.Damage d) {
                throw new StoreCorruptedException(path, d.offset, d.reason
                        + "; not a torn tail: this file was complete and flushed before it got its name");
            }
            PrimitiveOperation op = codec.decode(frame.typeId(), frame.payload(), PrimitiveOperation.class, path,
                    frame.offset());
            long payloadAt = frame.offset() + StoreFormat.FRAME_BYTES;
            if (!LevelOperations.isRecord(op)) {
                throw new StoreCorruptedException(path, payloadAt, "operation "
                        + StoreFormat.quote(op.id().id()) + " (expected: " + LevelOperations.RECORD + ")");
            }
            try {
                return FeatureLevels.fromBytes(op.value());
            } catch (IllegalArgumentException e) {
                throw new StoreCorruptedException(path, payloadAt, "the feature levels in the record's value do not"
                        + " parse: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Replaces the file's history durably: when this returns, a power loss keeps {@code levels}.
     *
     * @throws IOException if the file is {@link #close closed}, or could not be written or forced
     */
    @Override
    public synchronized void write(FeatureLevels levels) throws IOException {
        if (closed) {
            throw new IOException(path + " is closed: its group stopped (expected: no feature level recorded after"
                    + " the group closed)");
        }
        ByteBuf record = Unpooled.buffer(256);
        try {
            codec.append(LevelOperations.record(levels), record);
            FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
            try {
                RecordFiles.write(ch, header, record);
                RecordFiles.commitRename(ch, temp, path, syncer);
            } finally {
                ch.close();
            }
        } finally {
            record.release();
        }
    }

    /**
     * Refuses every later {@link #write}: called when the group's store closes, after a write in progress ends, so
     * that a Raft thread still running after its group stopped writes nothing into a directory another process may
     * have opened. Reading goes on working. Idempotent.
     */
    public synchronized void close() {
        closed = true;
    }

    @Override
    public String toString() {
        return path + " (serializer " + serializer.name() + ")";
    }
}
