package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Optional;

/**
 * One small file holding one value (term and vote, local endpoint, initial members), replaced atomically: the new
 * content goes to {@code <name>.tmp}, is forced, renamed over the old file, and the directory is forced. A crash
 * leaves either the old or the new value. Not thread-safe; used on the Raft thread.
 */
final class StateFile<T> {

    private final Path path;
    private final Path temp;
    private final Class<T> type;
    private final FileHeader header;
    private final RecordCodec codec;
    private final Syncer syncer;
    private final ChannelOpener files;

    StateFile(Path dir, String name, Class<T> type, FileHeader storeHeader, RecordCodec codec, Syncer syncer,
            ChannelOpener files) {
        this.path = dir.resolve(name);
        this.temp = dir.resolve(name + ".tmp");
        this.type = type;
        this.header = storeHeader.with(FileKind.STATE, 0);
        this.codec = codec;
        this.syncer = syncer;
        this.files = files;
    }

    Path path() {
        return path;
    }

    /** Replaces the value durably: when this returns, a power loss keeps {@code value}. */
    void write(T value) throws IOException {
        ByteBuf record = Unpooled.buffer(128);
        try {
            codec.append(value, record);
            FileChannel ch = files.open(temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
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

    /** The stored value; empty if the file does not exist. A leftover temporary file is deleted. */
    Optional<T> read() throws IOException {
        Files.deleteIfExists(temp);
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        List<T> values = RecordFiles.readWhole(path, header, codec, type);
        if (values.size() != 1) {
            throw new StoreCorruptedException(path, header.length(), values.size() + " records (expected: exactly 1)");
        }
        return Optional.of(values.get(0));
    }
}
