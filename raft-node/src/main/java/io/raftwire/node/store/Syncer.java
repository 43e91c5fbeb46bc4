package io.raftwire.node.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The two calls that make writes durable. {@link FileRaftStore} makes every fsync through one of these, so a test can
 * count them and prove that a method flushes before it returns.
 *
 * <p>Implementations must be thread-safe: a store calls them on the node's Raft thread and on its sync thread, possibly
 * at the same time, but never for the same channel at the same time.
 */
public interface Syncer {

    /** The real thing: {@code FileChannel.force(false)} and an fsync of the directory. */
    Syncer SYSTEM = new SystemSyncer(ChannelOpener.SYSTEM);

    /**
     * Makes the file's written bytes and its length durable (fdatasync on Linux).
     *
     * @param channel an open channel of a regular file; not closed
     */
    void force(FileChannel channel) throws IOException;

    /**
     * Makes the directory's entries durable: files created, renamed into it or deleted from it survive a power loss.
     *
     * @param directory the directory
     */
    void forceDirectory(Path directory) throws IOException;
}
