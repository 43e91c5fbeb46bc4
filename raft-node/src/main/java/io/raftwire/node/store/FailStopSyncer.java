package io.raftwire.node.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A {@link Syncer} that stops trusting the disk after its first failed force: every later force throws, naming the
 * first error. After a failed fsync the kernel may have dropped the pages it could not write and marked them clean,
 * so a retried fsync can succeed without them. {@link SharedLog} forces through one for every group, so a force that
 * fails anywhere (a pass, a segment roll, the directory after a compaction) fails every group's later forces; a
 * one-group {@link FileRaftStore} forces its log, state files and snapshots through one of its own.
 * Thread-safe.
 */
final class FailStopSyncer implements Syncer {

    private final Syncer delegate;
    private final Path dir;
    private volatile IOException failure;

    /**
     * @param delegate what forces
     * @param dir      the directory whose files it forces: named in the errors
     */
    FailStopSyncer(Syncer delegate, Path dir) {
        this.delegate = delegate;
        this.dir = dir;
    }

    @Override
    public void force(FileChannel channel) throws IOException {
        checkNotFailed();
        try {
            delegate.force(channel);
        } catch (IOException e) {
            failed(e);
            throw e;
        }
    }

    @Override
    public void forceDirectory(Path directory) throws IOException {
        checkNotFailed();
        try {
            delegate.forceDirectory(directory);
        } catch (IOException e) {
            failed(e);
            throw e;
        }
    }

    private void checkNotFailed() throws IOException {
        IOException first = failure;
        if (first != null) {
            throw new IOException("an earlier force of " + dir + " failed with " + first + " (expected: a working "
                    + "disk; after a failed fsync written pages may be lost, so no later force is trusted until the "
                    + "member restarts)", first);
        }
    }

    private synchronized void failed(IOException e) {
        if (failure == null) {
            failure = e;
        }
    }
}
