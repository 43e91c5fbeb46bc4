package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The file {@code <dir>/schema/<16 hex digits of a registry fingerprint>.schema}: the schema of the types a store
 * writer had, so that a member with other application types can tell whether it may read the writer's files (see
 * {@link WriterCheck}). Layout in {@link StoreFormat}: a state file's header (kind 3) whose registry fingerprint is the
 * one the name carries, then exactly one record of type id {@value StoreFormat#SCHEMA_TYPE_ID} whose payload is the
 * schema's {@link SchemaCodec} bytes. Written as a state file is replaced: temporary file, force, rename, force the
 * directory (and the one above it); checked at every open of its store, and rewritten if damaged. Stateless; the
 * methods are thread-safe for different files.
 */
final class SchemaFile {

    /** The directory, under a store's (or shared log's) directory. */
    static final String DIRECTORY = "schema";
    /** The file name's suffix. */
    static final String SUFFIX = ".schema";

    private static final Logger LOG = LoggerFactory.getLogger(SchemaFile.class);

    private SchemaFile() {
    }

    /** {@code <dir>/schema/<16 hex digits>.schema}. */
    static Path path(Path dir, long registryFingerprint) {
        return dir.resolve(DIRECTORY).resolve(HexFormat.of().toHexDigits(registryFingerprint) + SUFFIX);
    }

    /**
     * The {@link SchemaCodec} bytes of a store's own schema, checked before anything of the directory is touched.
     *
     * @param dir    the directory the schema is for, for the message
     * @param schema the schema of the store's registry ({@code TypeRegistry.schema()})
     * @throws IllegalArgumentException naming the directory, the size and the limit, if the schema is longer than
     *                                  {@link FeatureLevels#MAX_SCHEMA_BYTES}: its schema file could not be read back
     */
    static byte[] encode(Path dir, Schema schema) {
        byte[] bytes = SchemaCodec.write(schema);
        if (bytes.length > FeatureLevels.MAX_SCHEMA_BYTES) {
            throw new IllegalArgumentException("data directory " + dir + ": the schema of the registered types takes "
                    + bytes.length + " bytes (expected: at most " + FeatureLevels.MAX_SCHEMA_BYTES + ","
                    + " FeatureLevels.MAX_SCHEMA_BYTES, what a schema file, a feature level and the handshake hold;"
                    + " register fewer types or shorter names)");
        }
        return bytes;
    }

    /**
     * Makes {@code dir}'s schema file of {@code header}'s registry hold {@code bytes}, durably: when this returns, a
     * power loss keeps the file, its name, {@code schema/} and its name in {@code dir}. An absent file is written; a
     * present one is read and left as it is if it holds {@code bytes}; one that does not read, or holds another schema,
     * is replaced (a WARN names it and what was wrong): its content is a function of the registry its name names, which
     * is this store's own, so nothing is lost by rewriting it, while leaving it would mislead a later reader.
     *
     * @param header the header of the store's own files (its registry fingerprint names the file)
     * @param bytes  the schema of that registry ({@link #encode})
     * @return whether the file was written (false: it was there, as expected)
     */
    static boolean ensure(Path dir, FileHeader header, byte[] bytes, Syncer syncer, ChannelOpener files)
            throws IOException {
        Path path = path(dir, header.registryFingerprint());
        if (Files.exists(path)) {
            String wrong;
            try {
                Schema found = read(dir, header.registryFingerprint());
                if (found != null && Arrays.equals(SchemaCodec.write(found), bytes)) {
                    return false;
                }
                wrong = found == null ? "it is not a regular file" : "it holds another schema than this member's"
                        + " (digest " + String.format("0x%016x", found.digest()) + ")";
            } catch (StoreCorruptedException e) {
                wrong = "it is damaged: " + e.getMessage();
            }
            LOG.warn("schema file {} is replaced with this member's schema (digest 0x{}): {}", path,
                    HexFormat.of().toHexDigits(Schema.sha256Prefix(bytes)), wrong);
        }
        Path schemaDir = path.getParent();
        Files.createDirectories(schemaDir);
        ByteBuf record = Unpooled.buffer(StoreFormat.FRAME_BYTES + bytes.length);
        try {
            record.writeZero(StoreFormat.FRAME_BYTES).writeBytes(bytes);
            record.setInt(0, bytes.length).setInt(4, StoreFormat.SCHEMA_TYPE_ID);
            record.setInt(8, StoreFormat.crc(record.nioBuffer(0, 8), 0, 8));
            record.setInt(12, StoreFormat.crc(bytes, 0, bytes.length));
            Path temp = schemaDir.resolve(path.getFileName() + ".tmp");
            FileChannel ch = files.open(temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
            try {
                RecordFiles.write(ch, header.with(FileKind.STATE, 0), record);
                RecordFiles.commitRename(ch, temp, path, syncer);
            } finally {
                ch.close();
            }
        } finally {
            record.release();
        }
        // schema/'s own name: forced every time the file is written, since a crash may have come after schema/ was
        // created and before its directory was forced, and the next open would find it present
        syncer.forceDirectory(dir);
        return true;
    }

    /**
     * Reads the schema a writer with registry fingerprint {@code registryFingerprint} recorded in {@code dir}. The
     * file's serializer and group id are not compared with anything: the schema does not depend on them.
     *
     * @return the schema, or {@code null} if the file does not exist
     * @throws StoreCorruptedException naming the file, the offset and what was expected, if the file is damaged,
     *                                 names another registry in its header or holds anything but one schema record
     */
    static Schema read(Path dir, long registryFingerprint) throws IOException {
        Path file = path(dir, registryFingerprint);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            FileHeader found;
            try {
                found = FileHeader.read(ch, file);
            } catch (FileHeader.TornHeaderException e) {
                throw e.toCorruption();
            }
            if (found.kind() != FileKind.STATE) {
                throw new StoreCorruptedException(file, 6, "file kind " + FileKind.describe(found.kind().code)
                        + " (expected: " + FileKind.describe(FileKind.STATE.code) + ", a schema file)");
            }
            if (found.registryFingerprint() != registryFingerprint) {
                throw new StoreCorruptedException(file, 16, "type registry fingerprint "
                        + Long.toHexString(found.registryFingerprint()) + " (expected: "
                        + Long.toHexString(registryFingerprint) + ", from the file name)");
            }
            RecordReader reader = new RecordReader(ch, file, found.length(), FeatureLevels.MAX_SCHEMA_BYTES,
                    "FeatureLevels.MAX_SCHEMA_BYTES");
            RecordReader.Frame frame;
            try {
                frame = reader.next();
                if (frame == null) {
                    throw new StoreCorruptedException(file, found.length(), "no record (expected: exactly 1, the "
                            + "schema)");
                }
                if (reader.next() != null) {
                    throw new StoreCorruptedException(file, frame.end(), "a second record (expected: exactly 1, the"
                            + " schema)");
                }
            } catch (RecordReader.Damage d) {
                throw new StoreCorruptedException(file, d.offset, d.reason
                        + "; not a torn write: this file was complete and flushed before it got its name");
            }
            if (frame.typeId() != StoreFormat.SCHEMA_TYPE_ID) {
                throw new StoreCorruptedException(file, frame.offset() + 4, "type id " + frame.typeId()
                        + " (expected: " + StoreFormat.SCHEMA_TYPE_ID + ", a schema)");
            }
            try {
                return SchemaCodec.read(frame.payload());
            } catch (IllegalArgumentException e) {
                throw new StoreCorruptedException(file, frame.offset() + StoreFormat.FRAME_BYTES,
                        "schema does not read: " + e.getMessage() + " (expected: SchemaCodec bytes)", e);
            }
        }
    }
}
