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
 * &lt;dir&gt;/log/&lt;20-digit first index&gt;.log     a log segment: LogEntryModel records, consecutive indices
 * &lt;dir&gt;/snapshot/&lt;20-digit index&gt;.snap     a complete snapshot: SnapshotChunkModel records, any order
 * &lt;dir&gt;/snapshot/&lt;20-digit index&gt;.snap.tmp  a snapshot still receiving chunks (never restored)
 * &lt;name&gt;.tmp                               a state file being replaced (never restored)
 * </pre>
 * Every file is one header followed by records; a state file holds exactly one record.
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
 *  4       4     type id of the payload (TypeRegistry.idOf: 101 log entry, 102 snapshot chunk, 104/106/107 state)
 *  8       4     CRC32C of bytes 0..7 (so a damaged length is never trusted)
 *  12      4     CRC32C of the payload
 *  16      L     payload: Serializer.encode(value); the operation inside a log entry or chunk is written by the
 *                serializer with its own registered type id, never a class name
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
