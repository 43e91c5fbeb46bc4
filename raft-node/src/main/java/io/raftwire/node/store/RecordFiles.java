package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/** Whole-file reads and writes shared by state files, snapshots and segments. Stateless. */
final class RecordFiles {

    private RecordFiles() {
    }

    /**
     * Reads every record of a file that was forced before it got its final name (a state file or a complete
     * snapshot), so any damage at all is corruption.
     */
    static <T> List<T> readWhole(Path file, FileHeader expected, RecordCodec codec, Class<T> type) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            FileHeader found;
            try {
                found = FileHeader.read(ch, file);
            } catch (FileHeader.TornHeaderException e) {
                throw e.toCorruption();
            }
            expected.check(found, file);
            RecordReader reader = new RecordReader(ch, file, found.length(), codec.maxRecordBytes());
            List<T> values = new ArrayList<>();
            try {
                for (RecordReader.Frame f = reader.next(); f != null; f = reader.next()) {
                    values.add(codec.decode(f.typeId(), f.payload(), type, file, f.offset()));
                }
            } catch (RecordReader.Damage d) {
                throw new StoreCorruptedException(file, d.offset, d.reason
                        + "; not a torn tail: this file was complete and flushed before it got its name");
            }
            return values;
        }
    }

    /** Writes {@code header} then {@code records} into a new channel positioned at 0. */
    static void write(FileChannel ch, FileHeader header, ByteBuf records) throws IOException {
        writeFully(ch, header.encode(), 0);
        writeFully(ch, records.nioBuffer(), header.length());
    }

    static void writeFully(FileChannel ch, ByteBuffer src, long at) throws IOException {
        long pos = at;
        while (src.hasRemaining()) {
            pos += ch.write(src, pos);
        }
    }

    /**
     * Replaces {@code target} with the fully written {@code temp}: forces {@code temp}'s channel, renames it atomically
     * over {@code target}, and forces the directory so the new name survives a power loss.
     */
    static void commitRename(FileChannel temp, Path tempPath, Path target, Syncer syncer) throws IOException {
        syncer.force(temp);
        temp.close();
        Files.move(tempPath, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncer.forceDirectory(target.getParent());
    }
}
