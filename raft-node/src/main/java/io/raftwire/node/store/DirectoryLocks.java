package io.raftwire.node.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;

/** The exclusive lock a store or a shared log holds on its directory's {@code lock} file while it is open. */
final class DirectoryLocks {

    private DirectoryLocks() {
    }

    /**
     * Takes the lock of {@code channel}'s file without waiting.
     *
     * @param refusal the message of the exception if another holder (this JVM or another process) has it
     * @throws IOException with {@code refusal} if the lock is held
     */
    static FileLock acquire(FileChannel channel, String refusal) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) { // held in this JVM
            lock = null;
        }
        if (lock == null) {
            throw new IOException(refusal);
        }
        return lock;
    }
}
