package io.raftwire.hosts;

import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvResult;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One client writing in a loop, one put at a time, over {@link #KEYS} keys: the last acknowledged value and version
 * (the write's log index) of each key are what every member's state machine must hold afterwards.
 */
final class Workload implements AutoCloseable {

    static final int KEYS = 40;

    private final KvClient client;
    private final Duration wait;
    private final Map<String, KvResult> acknowledged = new TreeMap<>();
    private final AtomicLong acks = new AtomicLong();
    private final AtomicReference<Waiter> waiter = new AtomicReference<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;
    private volatile boolean stopping;

    private record Waiter(long target, CountDownLatch reached) {
    }

    /** Starts writing through {@code client}; each put may take up to {@code wait} (failover included). */
    Workload(KvClient client, Duration wait) {
        this.client = client;
        this.wait = wait;
        this.thread = new Thread(this::run, "separate-hosts-workload");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void run() {
        long i = 0;
        while (!stopping) {
            String key = "key-" + (i % KEYS);
            byte[] value = ("value-" + i).getBytes(StandardCharsets.UTF_8);
            try {
                KvResult r = client.put(key, value).get(wait.toMillis(), TimeUnit.MILLISECONDS);
                synchronized (acknowledged) {
                    acknowledged.put(key, new KvResult(true, value, r.version()));
                }
            } catch (Exception e) {
                failure.set(new AssertionError("put " + key + " failed: " + e, e));
                release();
                return;
            }
            long n = acks.incrementAndGet();
            Waiter w = waiter.get();
            if (w != null && n >= w.target()) {
                w.reached().countDown();
            }
            i++;
        }
    }

    /** Acknowledged puts so far. */
    long acks() {
        return acks.get();
    }

    /**
     * Waits until {@code more} puts beyond those acknowledged now have been acknowledged, at most {@code bound};
     * throws naming how far it got, or the put that failed.
     */
    void awaitMore(long more, Duration bound) throws InterruptedException {
        long target = acks.get() + more;
        Waiter w = new Waiter(target, new CountDownLatch(1));
        waiter.set(w);
        if (acks.get() >= target) {
            w.reached().countDown();
        }
        boolean reached = w.reached().await(bound.toMillis(), TimeUnit.MILLISECONDS);
        throwIfFailed();
        if (!reached) {
            throw new AssertionError("the cluster acknowledged " + (acks.get() - target + more) + " of " + more
                    + " puts within " + bound.toSeconds() + " s (expected: all of them)");
        }
    }

    /** Stops after the put in progress and returns each key's last acknowledged value and version. */
    Map<String, KvResult> stop() throws InterruptedException {
        stopping = true;
        thread.join(wait.toMillis() + 5_000);
        throwIfFailed();
        if (thread.isAlive()) {
            throw new AssertionError("the workload's last put did not end within " + wait.toSeconds() + " s");
        }
        synchronized (acknowledged) {
            return new TreeMap<>(acknowledged);
        }
    }

    private void throwIfFailed() {
        Throwable t = failure.get();
        if (t != null) {
            throw new AssertionError("the workload failed: " + t.getMessage(), t);
        }
    }

    private void release() {
        Waiter w = waiter.get();
        if (w != null) {
            w.reached().countDown();
        }
    }

    @Override
    public void close() {
        stopping = true;
        try {
            thread.join(wait.toMillis() + 5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the test is being stopped: its own timeout reports it
        }
    }
}
