package io.raftwire.cli.demo;

import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvResult;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import org.HdrHistogram.Recorder;

/**
 * The demo's mixed key-value workload: each client keeps up to {@code inFlight} operations outstanding, 60 % puts,
 * 25 % linearizable gets, 10 % compare-and-sets and 5 % deletes over 1,000 keys, with 64-byte values. Latency is
 * recorded per operation in microseconds (a compare-and-set counts its read and its write as one operation). Operations are counted as they complete; a failed one (the client gave up
 * after its retries) is counted as an error, never as done.
 */
final class Workload {

    private static final int KEYS = 1000;

    private final List<KvClient> clients;
    private final int inFlight;
    private final long seed;
    private final Recorder latency = new Recorder(3);
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong started = new AtomicLong();
    private final AtomicLong writes = new AtomicLong();

    /**
     * @param clients  connected clients, one driver thread each
     * @param inFlight operations outstanding per client, at least 1
     * @param seed     the operation mix's random seed (printed in the report)
     */
    Workload(List<KvClient> clients, int inFlight, long seed) {
        this.clients = clients;
        this.inFlight = inFlight;
        this.seed = seed;
    }

    /**
     * Runs until {@code stop} says so (checked before each new operation), then waits for the outstanding ones.
     *
     * @param maxOps stop starting operations after this many in all; {@code Long.MAX_VALUE} for none
     */
    void run(long maxOps, BooleanSupplier stop) throws InterruptedException {
        Thread[] drivers = new Thread[clients.size()];
        for (int c = 0; c < clients.size(); c++) {
            KvClient client = clients.get(c);
            Random random = new Random(seed + c);
            drivers[c] = new Thread(() -> drive(client, random, maxOps, stop), "demo-client-" + (c + 1));
            drivers[c].start();
        }
        for (Thread t : drivers) {
            t.join();
        }
    }

    private void drive(KvClient client, Random random, long maxOps, BooleanSupplier stop) {
        Semaphore window = new Semaphore(inFlight);
        try {
            while (!stop.getAsBoolean() && started.incrementAndGet() <= maxOps) {
                window.acquire();
                long t0 = System.nanoTime();
                boolean[] write = {false};
                one(client, random, write).whenComplete((r, e) -> {
                    if (e == null) {
                        latency.recordValue(Math.max(1, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0)));
                        done.incrementAndGet();
                        if (write[0]) {
                            writes.incrementAndGet();
                        }
                    } else {
                        errors.incrementAndGet();
                    }
                    window.release();
                });
            }
            window.acquire(inFlight);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static CompletableFuture<KvResult> one(KvClient client, Random random, boolean[] write) {
        String key = "key-" + random.nextInt(KEYS);
        int dice = random.nextInt(100);
        write[0] = dice < 60 || dice >= 85;
        if (dice < 60) {
            return client.put(key, value(random));
        } else if (dice < 85) {
            return client.get(key);
        } else if (dice < 95) {
            byte[] v = value(random);
            return client.get(key).thenCompose(r -> client.compareAndSet(key, r.version(), v));
        }
        return client.delete(key);
    }

    private static byte[] value(Random random) {
        byte[] v = new byte[64];
        for (int i = 0; i < v.length; i++) {
            v[i] = (byte) ('a' + random.nextInt(26));
        }
        return new String(v, StandardCharsets.US_ASCII).getBytes(StandardCharsets.US_ASCII);
    }

    /** Operations completed so far. */
    long done() {
        return done.get();
    }

    /** Writes (put, compare-and-set, delete: each one committed log entry) completed so far. */
    long writes() {
        return writes.get();
    }

    /** Operations that failed for good so far. */
    long errors() {
        return errors.get();
    }

    /** The latency recorder (microseconds). */
    Recorder latency() {
        return latency;
    }
}
