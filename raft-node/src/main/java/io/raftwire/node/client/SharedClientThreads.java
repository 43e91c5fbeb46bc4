package io.raftwire.node.client;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The timer thread and the event thread the clients of several groups share ({@code ShardedKvClient}: one client per
 * shard), so that a sharded client runs as many threads as a client of one group. Each group's client gets a
 * {@link #timer()} of its own that closes alone (its retries and keep-alives stop, the thread stays for the others)
 * and the shared {@link #events()} executor, which runs every group's event listeners one task at a time, in
 * submission order (a listener that blocks holds up the other groups' events too). {@link #close()} stops both
 * threads. Thread-safe.
 */
final class SharedClientThreads implements AutoCloseable {

    private final ExecutorClientTimer timer;
    private final ExecutorService events;

    /** @param clientId names the threads {@code raftwire-client-<id>} and {@code raftwire-client-events-<id>} */
    SharedClientThreads(String clientId) {
        this.timer = new ExecutorClientTimer(clientId);
        this.events = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "raftwire-client-events-" + clientId);
            t.setDaemon(true);
            return t;
        });
    }

    /** A view of the shared timer for one group's client: closing it stops that client's tasks only. */
    ClientTimer timer() {
        return new View(timer);
    }

    /** The shared event executor; shut down by {@link #close()} only. */
    Executor events() {
        return events;
    }

    @Override
    public void close() {
        timer.close();
        events.shutdownNow();
    }

    /** One client's view of a shared timer. */
    static final class View implements ClientTimer {
        private final ClientTimer shared;
        private final Set<Runnable> repeats = ConcurrentHashMap.newKeySet();
        private volatile boolean closed;

        View(ClientTimer shared) {
            this.shared = shared;
        }

        @Override
        public long nanoTime() {
            return shared.nanoTime();
        }

        @Override
        public void schedule(Runnable task, Duration delay) {
            if (!closed) {
                shared.schedule(() -> {
                    if (!closed) {
                        task.run();
                    }
                }, delay);
            }
        }

        @Override
        public Runnable repeat(Runnable task, Duration period) {
            if (closed) {
                return () -> {
                };
            }
            Runnable cancelShared = shared.repeat(() -> {
                if (!closed) {
                    task.run();
                }
            }, period);
            repeats.add(cancelShared);
            return () -> {
                cancelShared.run();
                repeats.remove(cancelShared);
            };
        }

        @Override
        public boolean closed() {
            return closed || shared.closed();
        }

        /** Stops this view's tasks (its repetitions are cancelled on the shared timer); the thread keeps running. */
        @Override
        public void close() {
            closed = true;
            repeats.forEach(Runnable::run);
            repeats.clear();
        }
    }
}
