package io.raftwire.node.store;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;

/**
 * The disk format of a {@link FileRaftStore} data directory. This comment is its one definition; the golden files
 * under {@code src/test/resources/io/raftwire/node/store} pin it.
 *
 * <h2>Directory</h2>
 * <pre>
 * &lt;dir&gt;/lock                               held (FileChannel.tryLock) while a store is open
 * &lt;dir&gt;/endpoint.state                     RaftEndpointPersistentStateModel  (local endpoint, voting flag)
 * &lt;dir&gt;/members.state                      RaftGroupMembersViewModel         (initial members, log index 0)
 * &lt;dir&gt;/term.state                         RaftTermPersistentStateModel      (term, voted for)
 * &lt;dir&gt;/level.state                        PrimitiveOperation (id raftwire.feature-level.record, value the
 *                                            group's FeatureLevels; absent at no level; {@link LevelFile})
 * &lt;dir&gt;/log/&lt;20-digit first index&gt;.log     a log segment: LogEntryModel records, consecutive indices
 * &lt;dir&gt;/snapshot/&lt;20-digit index&gt;.snap     a complete snapshot: SnapshotChunkModel records, any order
 * &lt;dir&gt;/snapshot/&lt;20-digit index&gt;.snap.tmp  a snapshot still receiving chunks (never restored)
 * &lt;dir&gt;/schema/&lt;16 hex digits&gt;.schema     the schema of a writer's types (below)
 * &lt;name&gt;.tmp                               a state file being replaced (never restored)
 * </pre>
 * Every file is one header followed by records; a state file holds exactly one record.
 *
 * <h2>Schema files</h2>
 * {@code schema/<16 lower-case hex digits of a registry fingerprint>.schema} holds the schema of the types of a store
 * writer whose headers carry that registry fingerprint: a state file's header (kind 3; serializer and group id of the
 * writer, not checked when read; registry fingerprint the one in the name, checked) and one record of type id
 * {@value #SCHEMA_TYPE_ID} whose payload is the schema's {@code SchemaCodec} bytes (at most 1 MiB; a store whose
 * schema is longer is refused at open). A store opening a directory writes its own one if absent, and replaces it if
 * it does not read or holds another schema, after its checks and before any record: temporary file, force, rename,
 * force {@code schema/}, then the directory above it. Another registry's is read only when a header names that
 * registry (see {@code WriterCheck}). A shared log's directory has one too.
 *
 * <h2>File header</h2> (big-endian)
 * <pre>
 *  offset    size  field
 *  0         4     magic 0x52 0x57 0x53 0x54 ("RWST")
 *  4         2     format version, {@value #FORMAT_VERSION}
 *  6         1     file kind: 1 log segment, 2 snapshot, 3 state file
 *  7         1     serializer id (Serializer.id(), 1..127)
 *  8         8     serializer fingerprint (Serializer.fingerprint(): provider id, format version, registry)
 *  16        8     registry fingerprint (TypeRegistry.fingerprint())
 *  24        8     base index: a segment's first log index; a snapshot's log index; 0 in a state file
 *  32        1     n = length of the serializer name
 *  33        n     serializer name, US-ASCII (Serializer.name())
 *  33+n      2     g = length of the group id
 *  35+n      g     group id, UTF-8
 *  35+n+g    4     CRC32C of bytes 0 .. 34+n+g
 * </pre>
 *
 * <h2>Record</h2> (big-endian)
 * <pre>
 *  offset  size  field
 *  0       4     L = payload length in bytes, 0..maxRecordBytes
 *  4       4     type id of the payload (TypeRegistry.idOf: 101 log entry, 102 snapshot chunk, 104/106/107 state,
 *                65 level.state)
 *  8       4     CRC32C of bytes 0..7 (so a damaged length is never trusted)
 *  12      4     CRC32C of the payload
 *  16      L     payload: Serializer.encode(value); the operation inside a log entry or chunk is written by the
 *                serializer with its own registered type id, never a class name
 * </pre>
 *
 * <h2>Shared log</h2>
 * A member hosting more than one group ({@code raftwire.groups} &gt; 1) writes every group's log entries to one
 * shared log ({@link SharedLog}) instead of a {@code log/} directory per group; each group keeps its state files and
 * snapshots in its own directory as above.
 * <pre>
 * &lt;data&gt;/shared-log/lock                           held while the member's shared log is open
 * &lt;data&gt;/shared-log/&lt;20-digit first record&gt;.log    a shared log segment (file kind 4): tagged records
 * &lt;data&gt;/shared-log/schema/&lt;16 hex digits&gt;.schema  the schema of a writer's types, as above
 * </pre>
 * A shared log segment's header has file kind 4, the base index is the sequence number of its first record (records
 * are numbered from 1 across the segments, consecutive), and the group id is the cluster id. Its records have the
 * frame above; the payload starts with the group index (4 bytes, big-endian, 0 .. groups - 1):
 * <pre>
 *  type id 101 (log entry)  payload: group index (4), then the LogEntryModel as in a log segment
 *  type id 0 (truncation)   payload: group index (4), then a log index (8): the group's entries from that index
 *                           on, written before this record, are dropped
 * </pre>
 *
 * <p>Stateless; the helpers here are thread-safe.
 */
public final class StoreFormat {

    /** "RWST". */
    public static final int MAGIC = 0x52575354;
    /** The version this code writes and reads. */
    public static final int FORMAT_VERSION = 1;
    /** Bytes of a record frame before its payload. */
    public static final int FRAME_BYTES = 16;
    /** Bytes of the group index that starts the payload of a shared log's record. */
    static final int GROUP_TAG_BYTES = 4;
    /** The type id of a shared log's truncation record; no registered type has it. */
    static final int TRUNCATION_TYPE_ID = 0;
    /** The type id of the record of a schema file; no registered type has it. */
    static final int SCHEMA_TYPE_ID = 0;
    /** The payload of a truncation record: group index and log index. */
    static final int TRUNCATION_PAYLOAD_BYTES = GROUP_TAG_BYTES + 8;
    /** Bytes of a header before the serializer name. */
    static final int HEADER_FIXED_BYTES = 33;

    private StoreFormat() {
    }

    /** CRC32C of {@code len} bytes of {@code buf} from absolute position {@code from}; the buffer is not moved. */
    static int crc(ByteBuffer buf, int from, int len) {
        CRC32C c = new CRC32C();
        ByteBuffer d = buf.duplicate();
        d.limit(from + len).position(from);
        c.update(d);
        return (int) c.getValue();
    }

    /** CRC32C of a byte array range. */
    static int crc(byte[] bytes, int from, int len) {
        CRC32C c = new CRC32C();
        c.update(bytes, from, len);
        return (int) c.getValue();
    }

    /** 20-digit zero-padded decimal, so names sort as numbers. */
    static String indexName(long index) {
        return String.format("%020d", index);
    }

    /** A printable, quoted form of text read from a file, for error messages. */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("'");
        for (int i = 0; i < s.length() && i < 300; i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c == 0x7F || c == '\'' || c == '\\') {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append(s.length() > 300 ? "...'" : "'").toString();
    }
}
