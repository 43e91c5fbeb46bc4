package io.raftwire.node.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * {@link Syncer#SYSTEM}: {@code FileChannel.force(false)} on the file's own channel, and {@code force(true)} on a
 * channel of the directory. The directory is opened through a {@link ChannelOpener} so that the power-loss test can
 * run this very code against a simulated page cache. Stateless; thread-safe.
 */
final class SystemSyncer implements Syncer {

    private final ChannelOpener directories;

    /** @param directories opens a directory read-only, to force it */
    SystemSyncer(ChannelOpener directories) {
        this.directories = Objects.requireNonNull(directories, "directories");
    }

    @Override
    public void force(FileChannel channel) throws IOException {
        channel.force(false);
    }

    @Override
    public void forceDirectory(Path directory) throws IOException {
        try (FileChannel dir = directories.open(directory, StandardOpenOption.READ)) {
            dir.force(true);
        }
    }
}
