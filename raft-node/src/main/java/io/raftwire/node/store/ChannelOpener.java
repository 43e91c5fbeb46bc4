package io.raftwire.node.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * How the store opens every file it creates, writes or forces, and every directory it forces: with
 * {@link FileChannel#open(Path, OpenOption...)} ({@link #SYSTEM}), or, in tests, through a simulated page cache that
 * keeps only what was forced across a simulated power loss. Package-private: a test seam, not an extension point.
 * Implementations must be thread-safe.
 */
@FunctionalInterface
interface ChannelOpener {

    /** The real file system. */
    ChannelOpener SYSTEM = FileChannel::open;

    /**
     * Opens a channel, as {@link FileChannel#open(Path, OpenOption...)} does.
     *
     * @param path    a regular file, or a directory (opened read-only, to be forced)
     * @param options as for {@link FileChannel#open(Path, OpenOption...)}
     * @return a channel the caller closes
     */
    FileChannel open(Path path, OpenOption... options) throws IOException;
}
