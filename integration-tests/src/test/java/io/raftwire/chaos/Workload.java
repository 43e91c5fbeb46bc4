package io.raftwire.chaos;

import io.raftwire.linearizability.HistoryRecorder;
import io.raftwire.node.client.KvClient;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Several clients issuing a seeded random mix of operations over a few keys until told to stop or an operation budget
 * is spent: 40 % reads, 30 % puts, 10 % deletes, 20 % read-then-compare-and-set. Each client runs on its own thread,
 * one operation at a time, with its own random stream split from the run's seed.
 */
final class Workload implements AutoCloseable {

    private final List<RecordingClient> clients = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<String> keys = new ArrayList<>();
    private final SplittableRandom random;
    private final AtomicInteger issued = new AtomicInteger();
    private final int budget;
    private volatile boolean stopped;

    /**
     * @param budget operations to issue at most, over all clients
     */
    Workload(List<RecordingClient> clients, int keyCount, long seed, int budget) {
        this(clients, numbered(keyCount), seed, budget);
    }

    /**
     * @param keys the keys the clients pick from
     * @param budget operations to issue at most, over all clients
     */
    Workload(List<RecordingClient> clients, List<String> keys, long seed, int budget) {
        this.clients.addAll(clients);
        this.keys.addAll(keys);
        this.random = new SplittableRandom(seed);
        this.budget = budget;
    }

    private static List<String> numbered(int keyCount) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < keyCount; i++) {
            keys.add("k" + i);
        }
        return keys;
    }

    /** Builds {@code count} clients of {@code cluster}, recording into {@code recorder}. */
    static List<RecordingClient> clients(ChaosCluster cluster, int count, String serializer, HistoryRecorder recorder,
            RecordingClient.Counts counts, Duration operationTimeout, int padding) {
        List<RecordingClient> list = new ArrayList<>();
        for (int i = 1; i <= count; i++) {
            String id = "c" + i;
            KvClient kv = cluster.client(id, operationTimeout, serializer);
            list.add(new RecordingClient(id, kv, recorder, operationTimeout.plusSeconds(10), counts, padding));
        }
        return list;
    }

    List<String> keys() {
        return keys;
    }

    void start() {
        for (RecordingClient c : clients) {
            SplittableRandom own = random.split();
            Thread t = new Thread(() -> loop(c, own), "chaos-" + c.id());
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
    }

    private void loop(RecordingClient c, SplittableRandom r) {
        while (!stopped && issued.incrementAndGet() <= budget) {
            String key = keys.get(r.nextInt(keys.size()));
            int dice = r.nextInt(100);
            if (dice < 40) {
                c.get(key);
            } else if (dice < 70) {
                c.put(key, c.nextValue());
            } else if (dice < 80) {
                c.delete(key);
            } else {
                c.readThenCas(key);
            }
        }
    }

    /** Operations issued so far. */
    int issued() {
        return Math.min(issued.get(), budget);
    }

    /** Whether every client has spent the budget (or was stopped) and returned. */
    boolean done() {
        return threads.stream().noneMatch(Thread::isAlive);
    }

    /** Stops issuing and waits for each client's open operation to end (bounded by its deadline). */
    void stop(Duration wait) throws InterruptedException {
        stopped = true;
        long deadline = System.nanoTime() + wait.toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
    }

    /** Whether a client thread is still running after {@link #stop}. */
    boolean stuck() {
        return !done();
    }

    List<RecordingClient> clients() {
        return clients;
    }

    @Override
    public void close() {
        stopped = true;
        for (RecordingClient c : clients) {
            c.kv().close();
        }
    }
}
