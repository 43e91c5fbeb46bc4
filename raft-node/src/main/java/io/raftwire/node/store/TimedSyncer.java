package io.raftwire.node.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/** A {@link Syncer} that tells a {@link StoreListener} how long each fsync took. Thread-safe if both are. */
record TimedSyncer(Syncer delegate, StoreListener listener) implements Syncer {

    /** {@code syncer} itself when nobody listens, so an unobserved store pays nothing. */
    static Syncer of(Syncer syncer, StoreListener listener) {
        return listener == StoreListener.NONE ? syncer : new TimedSyncer(syncer, listener);
    }

    @Override
    public void force(FileChannel channel) throws IOException {
        long start = System.nanoTime();
        delegate.force(channel);
        listener.onForce(System.nanoTime() - start);
    }

    @Override
    public void forceDirectory(Path directory) throws IOException {
        long start = System.nanoTime();
        delegate.forceDirectory(directory);
        listener.onForce(System.nanoTime() - start);
    }
}
