package io.raftwire.upgrade;

import io.raftwire.linearizability.KvInput;
import io.raftwire.linearizability.KvOutput;
import io.raftwire.linearizability.Operation;
import io.raftwire.node.client.RaftwireClient;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * The client workload of the upgrade test: writers and readers of the notes store, each on its own client (its own
 * session) of a given build, running until stopped, every operation recorded for the linearizability checker.
 *
 * <p>Each writer owns its keys and writes them one operation at a time, every value unique, so the last acknowledged
 * write of each key is known ({@link #lastAcknowledged}); readers read every writer's keys. An operation waits for its
 * client's answer, which retries on its own up to the operation deadline; an operation that fails anyway is a
 * client-visible error ({@link #errors}), recorded ambiguous if it wrote.
 *
 * <p>Operations map to the checker's model as: {@code Put} is a put, {@code Get} a get, and {@code Append(key, s)}
 * answered with the value before it {@code p} is a compare-and-set from {@code p} to {@code p + s} that succeeded (the
 * state machine runs it atomically, so that is exactly what it did).
 *
 * <p>Start and stop from one thread; the counters may be read from any.
 */
final class NotesWorkload implements AutoCloseable {

    private static final int KEYS_PER_WRITER = 4;

    private final UpgradeCluster cluster;
    private final long seed;
    private final Queue<Operation> history = new ConcurrentLinkedQueue<>();
    private final Queue<String> errors = new ConcurrentLinkedQueue<>();
    private final Map<String, String> lastAcknowledged = new ConcurrentHashMap<>();
    private final Map<String, String> tags = new ConcurrentHashMap<>();
    private final List<String> keys = new ArrayList<>();
    private final List<Worker> workers = new ArrayList<>();
    private final AtomicLong acknowledged = new AtomicLong();
    private final AtomicLong appends = new AtomicLong();
    private final AtomicBoolean writesPaused = new AtomicBoolean();

    /** @param seed the seed of the readers' key choice */
    NotesWorkload(UpgradeCluster cluster, long seed) {
        this.cluster = cluster;
        this.seed = seed;
    }

    /** What a writer sends. */
    enum Kind {
        /** untagged puts: any build */
        PUT,
        /** tagged puts and appends, in turn: build 2 */
        TAGGED_PUT_AND_APPEND
    }

    /** Starts a writer of {@code kind} on its own client of build {@code build}, with its own keys. */
    void startWriter(int build, Kind kind) {
        String id = "writer-" + workers.size() + "-v" + build;
        List<String> own = new ArrayList<>();
        for (int k = 0; k < KEYS_PER_WRITER; k++) {
            own.add(id + "/k" + k);
        }
        synchronized (keys) {
            keys.addAll(own);
        }
        start(new Worker(id, build) {
            private long n;

            @Override
            void step() {
                if (writesPaused.get()) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                    return;
                }
                String key = own.get((int) (n % own.size()));
                String value = id + "#" + n;
                boolean tagged = kind == Kind.TAGGED_PUT_AND_APPEND;
                if (tagged && n % 2 == 1) {
                    append(key, "+" + n);
                } else {
                    put(key, value, tagged ? "t" + n : null);
                }
                n++;
            }
        });
    }

    /** Starts a reader of every writer's keys (those started so far and later) on its own client of {@code build}. */
    void startReader(int build) {
        String id = "reader-" + workers.size() + "-v" + build;
        Random random = new Random(seed + workers.size());
        start(new Worker(id, build) {
            @Override
            void step() {
                String key;
                synchronized (keys) {
                    if (keys.isEmpty()) {
                        Thread.onSpinWait();
                        return;
                    }
                    key = keys.get(random.nextInt(keys.size()));
                }
                get(key);
            }
        });
    }

    private void start(Worker w) {
        workers.add(w);
        w.thread.start();
    }

    /** Stops every worker and waits for it (at most 2 minutes each; one still running then is an error). */
    void stopWorkers() throws InterruptedException {
        for (Worker w : workers) {
            w.running.set(false);
        }
        for (Worker w : workers) {
            w.thread.join(TimeUnit.MINUTES.toMillis(2));
            if (w.thread.isAlive()) {
                errors.add(w.id + " did not stop within 2 minutes");
            }
            w.close();
        }
    }

    /**
     * Holds the writers' next writes (each finishes the one it is in) until {@link #resumeWrites}; reads go on. For an
     * operator's action that needs the log to stand still for a moment, as a leadership hand-over does.
     */
    void pauseWrites() {
        writesPaused.set(true);
    }

    void resumeWrites() {
        writesPaused.set(false);
    }

    /** Acknowledged operations so far (writes and reads). */
    long acknowledged() {
        return acknowledged.get();
    }

    /** Appends acknowledged so far. */
    long appends() {
        return appends.get();
    }

    /** Client-visible errors so far: each names the operation and what the client threw. */
    List<String> errors() {
        return List.copyOf(errors);
    }

    /** Every operation recorded so far. */
    List<Operation> history() {
        return List.copyOf(history);
    }

    /** Every written key's last acknowledged value. Each key has one writer, one write at a time. */
    Map<String, String> lastAcknowledged() {
        return new TreeMap<>(lastAcknowledged);
    }

    /** Every tagged key's last acknowledged tag. */
    Map<String, String> lastTags() {
        return new TreeMap<>(tags);
    }

    /** Every key the writers wrote. */
    List<String> keys() {
        synchronized (keys) {
            return List.copyOf(keys);
        }
    }

    /**
     * Reads every key once more through a new client of {@code build}, recorded like the workload's reads.
     *
     * @return the value read per key; null for a missing key
     */
    Map<String, UpgradeApp.Reply> finalReads(int build) {
        Map<String, UpgradeApp.Reply> reads = new TreeMap<>();
        try (Worker w = new Worker("final-reader-v" + build, build) {
            @Override
            void step() {
            }
        }) {
            for (String key : keys()) {
                reads.put(key, w.get(key));
            }
        }
        return reads;
    }

    /** Stops the workers; an interrupt while waiting for them is kept on the thread, and the workers left running. */
    @Override
    public void close() {
        try {
            stopWorkers();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            errors.add("interrupted while stopping the workers");
        }
    }

    /** One client's thread. */
    private abstract class Worker implements AutoCloseable {
        final String id;
        final UpgradeApp app;
        final AtomicBoolean running = new AtomicBoolean(true);
        final Thread thread;
        private RaftwireClient client;

        Worker(String id, int build) {
            this.id = id;
            this.app = UpgradeApps.version(build);
            this.thread = new Thread(this::run, id);
        }

        abstract void step();

        private RaftwireClient client() {
            if (client == null) {
                client = cluster.client(app.version(), id);
            }
            return client;
        }

        private void run() {
            while (running.get()) {
                step();
            }
        }

        void put(String key, String value, String tag) {
            long call = System.nanoTime();
            KvInput input = KvInput.put(key, value);
            try {
                UpgradeApp.Reply r = app.reply(client().command(app.put(key, value, tag), app.resultType())
                        .get(2 * UpgradeCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS));
                history.add(Operation.ok(id, call, System.nanoTime(), input, KvOutput.written()));
                if (!value.equals(r.value()) || !java.util.Objects.equals(tag, r.tag())) {
                    errors.add(input + " with tag " + tag + " answered " + r);
                }
                lastAcknowledged.put(key, value);
                if (tag != null) {
                    tags.put(key, tag);
                }
                acknowledged.incrementAndGet();
            } catch (Exception e) {
                history.add(Operation.ambiguous(id, call, input));
                errors.add(id + ": " + input + " failed: " + e);
                lastAcknowledged.remove(key);
            }
        }

        void append(String key, String suffix) {
            long call = System.nanoTime();
            try {
                UpgradeApp.Reply r = app.reply(client().command(app.append(key, suffix), app.resultType())
                        .get(2 * UpgradeCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS));
                String before = r.previous() == null ? "" : r.previous();
                history.add(Operation.ok(id, call, System.nanoTime(), KvInput.cas(key, r.previous(), before + suffix),
                        KvOutput.swapped(true)));
                if (!r.value().equals(before + suffix)) {
                    errors.add("append(" + key + ", " + suffix + ") answered " + r);
                }
                lastAcknowledged.put(key, r.value());
                acknowledged.incrementAndGet();
                appends.incrementAndGet();
            } catch (Exception e) {
                // what it appended to is unknown: the key leaves the lost-write check and the checker's history
                errors.add(id + ": append(" + key + ", " + suffix + ") failed: " + e);
                lastAcknowledged.remove(key);
            }
        }

        UpgradeApp.Reply get(String key) {
            long call = System.nanoTime();
            KvInput input = KvInput.get(key);
            try {
                UpgradeApp.Reply r = app.reply(client().query(app.get(key), app.resultType())
                        .get(2 * UpgradeCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS));
                history.add(Operation.ok(id, call, System.nanoTime(), input, KvOutput.value(r.value())));
                acknowledged.incrementAndGet();
                return r;
            } catch (Exception e) {
                history.add(Operation.failed(id, call, System.nanoTime(), input));
                errors.add(id + ": " + input + " failed: " + e);
                return null;
            }
        }

        @Override
        public void close() {
            if (client != null) {
                client.close();
                client = null;
            }
        }
    }
}
