package io.raftwire.node.store;

import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stores that share one {@link SyncThread} (the groups of one member): each store's appends become durable on that one
 * thread, with the store's own tickets, and a failed force fails only the store it happened in.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SyncThreadTest {

    private static final String NAME = "raftwire-store-sync shared";

    @TempDir
    Path dir;

    @RegisterExtension
    final LogCapture logs = LogCapture.of("ERROR", GroupCommitter.class.getName());

    private final SyncThread sync = new SyncThread(NAME);
    private FileRaftStore a;
    private FileRaftStore b;

    private FileRaftStore open(String name, Syncer syncer) throws IOException {
        FileRaftStore s = FileRaftStore.open(dir.resolve(name), serializer("kryo"), StoreFixtures.GROUP,
                StoreOptions.defaults().withSyncer(syncer), StoreListener.NONE, sync);
        s.takeRestoredState();
        StoreFixtures.initialise(s);
        return s;
    }

    @AfterEach
    void close() throws IOException {
        for (FileRaftStore s : new FileRaftStore[] {a, b}) {
            if (s != null) {
                s.close();
            }
        }
        sync.close();
    }

    private static long flushAsync(FileRaftStore store) {
        store.flushAsynchronously(() -> {
            try {
                store.flush();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        return store.lastTicket();
    }

    @Test
    void theAppendsOfTwoStoresBecomeDurableOnTheOneSharedThread() throws Exception {
        a = open("a", Syncer.SYSTEM);
        b = open("b", Syncer.SYSTEM);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(2);
        for (FileRaftStore s : new FileRaftStore[] {a, b}) {
            for (int i = 1; i <= 3; i++) {
                s.persistLogEntries(entries(i, i, 1));
                long ticket = flushAsync(s);
                if (i == 3) {
                    s.whenDurable(ticket, () -> {
                        threads.add(Thread.currentThread().getName());
                        done.countDown();
                    });
                }
            }
        }
        assertTrue(done.await(20, TimeUnit.SECONDS), "both stores' last tickets became durable");
        assertEquals(Set.of(NAME), threads, "every callback ran on the shared sync thread");
        assertEquals(a.lastTicket(), a.durableTicket());
        assertEquals(b.lastTicket(), b.durableTicket());
    }

    @Test
    void aFailedForceFailsOnlyItsOwnStore() throws Exception {
        Syncer failing = new Syncer() {
            @Override
            public void force(java.nio.channels.FileChannel channel) throws IOException {
                if (Thread.currentThread().getName().equals(NAME)) {
                    throw new IOException("planted fsync failure");
                }
                Syncer.SYSTEM.force(channel);
            }

            @Override
            public void forceDirectory(Path directory) throws IOException {
                Syncer.SYSTEM.forceDirectory(directory);
            }
        };
        a = open("a", failing);
        b = open("b", Syncer.SYSTEM);
        a.persistLogEntries(entries(1, 1, 1));
        flushAsync(a);
        logs.await("forcing written log segments failed");
        IOException e = assertThrows(IOException.class, () -> a.persistLogEntries(entries(2, 2, 1)));
        assertTrue(e.getMessage().contains("failed: forcing its files on " + NAME + " failed with"
                + " java.io.IOException: planted fsync failure"), e.getMessage());
        b.persistLogEntries(entries(1, 1, 1));
        long ticket = flushAsync(b);
        CountDownLatch durable = new CountDownLatch(1);
        b.whenDurable(ticket, durable::countDown);
        assertTrue(durable.await(20, TimeUnit.SECONDS), "the other store's append became durable");
        assertEquals(1, logs.lines().size(), logs.lines().toString());
    }
}
