package io.raftwire.node.store;

import io.raftwire.serializer.Serializer;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * The header at the start of every store file (layout in {@link StoreFormat}): what the file holds and who may read
 * it. Immutable.
 *
 * <p>The header a store expects (built by {@link #of}) also carries the store's {@link WriterCheck}: which other type
 * registries it reads files of. It is not part of the bytes; a header read from a file has {@link WriterCheck#NONE}.
 *
 * @param kind                  what the file holds
 * @param serializerId          {@link Serializer#id()}
 * @param serializerName        {@link Serializer#name()}
 * @param serializerFingerprint {@link Serializer#fingerprint()}
 * @param registryFingerprint   the fingerprint of the serializer's type registry
 * @param baseIndex             a segment's first log index, a snapshot's index, or 0
 * @param groupId               the Raft group the file belongs to
 * @param writers               which other registries' files the store reads (not written)
 */
record FileHeader(FileKind kind, int serializerId, String serializerName, long serializerFingerprint,
        long registryFingerprint, long baseIndex, String groupId, WriterCheck writers) {

    /** The header a store with this serializer and group writes, and expects to read; no other registry accepted. */
    static FileHeader of(FileKind kind, long baseIndex, Serializer serializer, String groupId) {
        return of(kind, baseIndex, serializer, groupId, WriterCheck.NONE);
    }

    /** The header this store writes; it reads other registries' files as {@code writers} decides. */
    static FileHeader of(FileKind kind, long baseIndex, Serializer serializer, String groupId, WriterCheck writers) {
        return new FileHeader(kind, serializer.id(), serializer.name(), serializer.fingerprint(),
                serializer.registry().fingerprint(), baseIndex, groupId, writers);
    }

    /** A copy for another file of the same store. */
    FileHeader with(FileKind k, long index) {
        return new FileHeader(k, serializerId, serializerName, serializerFingerprint, registryFingerprint, index,
                groupId, writers);
    }

    /** The encoded header, ready to write (position 0, limit its length). */
    ByteBuffer encode() {
        byte[] name = serializerName.getBytes(StandardCharsets.US_ASCII);
        byte[] group = groupId.getBytes(StandardCharsets.UTF_8);
        ByteBuffer b = ByteBuffer.allocate(StoreFormat.HEADER_FIXED_BYTES + name.length + 2 + group.length + 4);
        b.putInt(StoreFormat.MAGIC).putShort((short) StoreFormat.FORMAT_VERSION).put((byte) kind.code)
                .put((byte) serializerId).putLong(serializerFingerprint).putLong(registryFingerprint)
                .putLong(baseIndex).put((byte) name.length).put(name).putShort((short) group.length).put(group);
        b.putInt(StoreFormat.crc(b, 0, b.position()));
        return b.flip();
    }

    /** The encoded length in bytes. */
    int length() {
        return encode().remaining();
    }

    /**
     * Reads and checks the framing of the header at the start of a file. Does not compare it with what a store
     * expects: see {@link #check}.
     *
     * @return the header; the file's records start at its {@link #length()}
     * @throws TornHeaderException     if the file ends inside the header or its CRC does not match: a segment whose
     *                                  creation a crash interrupted, if it is the newest
     * @throws StoreCorruptedException  if the magic or format version is wrong
     */
    static FileHeader read(FileChannel ch, Path file) throws IOException {
        long size = ch.size();
        ByteBuffer fixed = readAt(ch, 0, StoreFormat.HEADER_FIXED_BYTES, size, file);
        int magic = fixed.getInt(0);
        if (magic != StoreFormat.MAGIC) {
            if (magic == 0) {
                throw new TornHeaderException(file, "header starts with zeros");
            }
            throw new StoreCorruptedException(file, 0, "magic 0x" + Integer.toHexString(magic)
                    + " (expected: 0x52575354 \"RWST\", a raftwire store file)");
        }
        int version = fixed.getShort(4) & 0xFFFF;
        if (version != StoreFormat.FORMAT_VERSION) {
            throw new StoreCorruptedException(file, 4, "format version " + version + " (expected: "
                    + StoreFormat.FORMAT_VERSION + ")");
        }
        int nameLength = fixed.get(32) & 0xFF;
        ByteBuffer nameAndGroupLength = readAt(ch, StoreFormat.HEADER_FIXED_BYTES, nameLength + 2, size, file);
        int groupLength = nameAndGroupLength.getShort(nameLength) & 0xFFFF;
        int crcAt = StoreFormat.HEADER_FIXED_BYTES + nameLength + 2 + groupLength;
        ByteBuffer all = readAt(ch, 0, crcAt + 4, size, file);
        int stored = all.getInt(crcAt);
        int actual = StoreFormat.crc(all, 0, crcAt);
        if (stored != actual) {
            throw new TornHeaderException(file, "header CRC32C 0x" + Integer.toHexString(stored), "0x"
                    + Integer.toHexString(actual));
        }
        byte[] name = new byte[nameLength];
        all.get(StoreFormat.HEADER_FIXED_BYTES, name);
        byte[] group = new byte[groupLength];
        all.get(StoreFormat.HEADER_FIXED_BYTES + nameLength + 2, group);
        int kindCode = fixed.get(6) & 0xFF;
        FileKind kind = null;
        for (FileKind k : FileKind.values()) {
            if (k.code == kindCode) {
                kind = k;
            }
        }
        if (kind == null) {
            throw new StoreCorruptedException(file, 6, "file kind " + FileKind.describe(kindCode)
                    + " (expected: 1, 2, 3 or 4)");
        }
        return new FileHeader(kind, fixed.get(7) & 0xFF, new String(name, StandardCharsets.US_ASCII),
                fixed.getLong(8), fixed.getLong(16), fixed.getLong(24), new String(group, StandardCharsets.UTF_8),
                WriterCheck.NONE);
    }

    /**
     * Checks that a header read from {@code file} is what this store expects; {@code this} is the expected header. A
     * registry fingerprint other than the expected one is accepted only as {@link #writers()} decides (then the
     * serializer fingerprint expected is the one derived for that registry).
     *
     * @throws StoreCorruptedException naming the first field that differs, with the value found and the one expected
     */
    void check(FileHeader found, Path file) throws StoreCorruptedException {
        if (found.kind != kind) {
            throw new StoreCorruptedException(file, 6, "file kind " + FileKind.describe(found.kind.code)
                    + " (expected: " + FileKind.describe(kind.code) + ")");
        }
        int nameAt = StoreFormat.HEADER_FIXED_BYTES;
        if (!found.groupId.equals(groupId)) {
            int at = nameAt + found.serializerName.length() + 2;
            throw new StoreCorruptedException(file, at, "group id " + StoreFormat.quote(found.groupId)
                    + " (expected: " + StoreFormat.quote(groupId) + "; this file belongs to another Raft group)");
        }
        if (found.serializerId != serializerId || !found.serializerName.equals(serializerName)) {
            throw new StoreCorruptedException(file, 7, "serializer " + StoreFormat.quote(found.serializerName)
                    + " (id " + found.serializerId + ") (expected: " + StoreFormat.quote(serializerName) + " (id "
                    + serializerId + "); this directory was written with another serializer)");
        }
        long expectedSerializer = serializerFingerprint;
        if (found.registryFingerprint != registryFingerprint) {
            String refusal = writers.refusal(found.registryFingerprint);
            if (refusal != null) {
                throw new StoreCorruptedException(file, 16, "type registry fingerprint "
                        + Long.toHexString(found.registryFingerprint) + " (expected: "
                        + Long.toHexString(registryFingerprint) + refusal + "; the registered types differ from those"
                        + " this directory was written with)");
            }
            expectedSerializer = writers.serializerFingerprint(found.registryFingerprint);
        }
        if (found.serializerFingerprint != expectedSerializer) {
            throw new StoreCorruptedException(file, 8, "serializer fingerprint "
                    + Long.toHexString(found.serializerFingerprint) + " (expected: "
                    + Long.toHexString(expectedSerializer) + "; the serializer's format version differs)");
        }
        if (found.baseIndex != baseIndex) {
            throw new StoreCorruptedException(file, 24, "base index " + found.baseIndex + " (expected: " + baseIndex
                    + ", from the file name)");
        }
    }

    private static ByteBuffer readAt(FileChannel ch, long at, int len, long size, Path file) throws IOException {
        if (at + len > size) {
            throw new TornHeaderException(file, "file ends at " + size + ", inside its header");
        }
        ByteBuffer b = ByteBuffer.allocate(len);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new EOFException(file + " shrank while being read");
            }
        }
        return b.flip();
    }

    /** A header cut short or not matching its CRC: a torn creation if the file is the newest segment. */
    static final class TornHeaderException extends IOException {
        private static final long serialVersionUID = 1L;

        private final transient Path file;
        private final String reason;
        private final String corruption;

        /** A header cut short: {@code reason} says where; a complete header was expected. */
        TornHeaderException(Path file, String reason) {
            this(reason, reason + " (expected: a complete header)", file);
        }

        /** A header that holds {@code found} where {@code expected} belongs (a CRC). */
        TornHeaderException(Path file, String found, String expected) {
            this(found + " (expected: " + expected + ")", found + " (expected: " + expected + ")", file);
        }

        private TornHeaderException(String reason, String corruption, Path file) {
            super(file + " at offset 0: " + reason);
            this.file = file;
            this.reason = reason;
            this.corruption = corruption;
        }

        /** What was found (and, for a CRC, expected), without the file: for a torn-tail report. */
        String reason() {
            return reason;
        }

        /**
         * The same finding, in a file where a torn header is not expected: {@code <file> at offset 0: <found>
         * (expected: <one expectation>)}.
         */
        StoreCorruptedException toCorruption() {
            return new StoreCorruptedException(file, 0, corruption);
        }
    }
}
