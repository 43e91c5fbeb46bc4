package io.raftwire.chaos;

import io.raftwire.linearizability.HistoryRecorder;
import io.raftwire.linearizability.KvInput;
import io.raftwire.linearizability.KvOutput;
import io.raftwire.node.client.KvOperations;
import io.raftwire.node.kv.KvResult;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One client of the chaos workload: each call goes through a {@link KvOperations} (one group's session, or a sharded
 * store's session per shard) and is recorded in a shared {@link HistoryRecorder}, one operation at a time (a client
 * never has two operations open).
 *
 * <p>Outcomes: an answer is {@code ok}, with the value, whether a delete found the key, and the version (the commit
 * index of the key's last write; {@link io.raftwire.linearizability.KvModel.VersionScheme#OPAQUE}); a delete's version
 * is not recorded (the store answers the removed entry's version, not one after the delete). A failure of a write
 * ({@code ClientException} after the client's deadline, an expired session, anything) is <em>ambiguous</em>: the
 * command may have been committed before the failure; a failed read is {@code failed} (a read changes nothing).
 *
 * <p>Compare-and-set in raftwire compares versions; the checker's model compares values. A client reads the key first
 * and sends {@code compareAndSet(key, version read, new)}, recorded as {@code cas(key, value read, new)}: with a unique
 * value per write and a version that identifies the key's last write (0: absent), "the version is still v" is "the
 * value is still the one read".
 *
 * <p>Not thread-safe: one worker thread per client.
 */
final class RecordingClient {

    /** Outcome counts over every client of a run. */
    static final class Counts {
        final AtomicLong ok = new AtomicLong();
        final AtomicLong ambiguous = new AtomicLong();
        final AtomicLong failed = new AtomicLong();
        final AtomicLong uncompleted = new AtomicLong();
        final Map<String, AtomicLong> errors = new ConcurrentHashMap<>();

        void error(Throwable t) {
            Throwable c = t instanceof ExecutionException && t.getCause() != null ? t.getCause() : t;
            errors.computeIfAbsent(c.getClass().getSimpleName(), k -> new AtomicLong()).incrementAndGet();
        }

        @Override
        public String toString() {
            return ok + " ok, " + ambiguous + " ambiguous, " + failed + " failed reads"
                    + (errors.isEmpty() ? "" : " " + errors) + (uncompleted.get() > 0 ? ", " + uncompleted
                    + " FUTURES NEVER COMPLETED" : "");
        }
    }

    private final String id;
    private final KvOperations client;
    private final HistoryRecorder recorder;
    private final Duration wait;
    private final Counts counts;
    private final String padding;
    private long written;

    /**
     * @param wait    how long to wait for a future: the client's operation deadline plus slack; a future not done by
     *                then is recorded ambiguous and counted as never completed (a failed run)
     * @param padding bytes appended to every value written (after a '|'), to make snapshots bigger
     */
    RecordingClient(String id, KvOperations client, HistoryRecorder recorder, Duration wait, Counts counts,
            int padding) {
        this.id = id;
        this.client = client;
        this.recorder = recorder;
        this.wait = wait;
        this.counts = counts;
        this.padding = padding == 0 ? "" : "|" + "x".repeat(padding);
    }

    String id() {
        return id;
    }

    KvOperations kv() {
        return client;
    }

    /** A value no other write of the run uses. */
    String nextValue() {
        return id + "-" + (++written);
    }

    void put(String key, String value) {
        HistoryRecorder.Invocation inv = recorder.invoke(id, KvInput.put(key, value));
        KvResult r = await(client.put(key, encode(value)), inv, true);
        if (r != null) {
            inv.ok(KvOutput.written(r.version()));
        }
    }

    void delete(String key) {
        HistoryRecorder.Invocation inv = recorder.invoke(id, KvInput.delete(key));
        KvResult r = await(client.delete(key), inv, true);
        if (r != null) {
            inv.ok(KvOutput.deleted(r.success()));
        }
    }

    /** Reads the key; returns what was read, or {@code null} if the read failed. */
    KvResult get(String key) {
        HistoryRecorder.Invocation inv = recorder.invoke(id, KvInput.get(key));
        KvResult r = await(client.get(key), inv, false);
        if (r != null) {
            inv.ok(r.success() ? KvOutput.value(decode(r.value()), r.version()) : KvOutput.value(null, r.version()));
        }
        return r;
    }

    /** Reads the key, then compare-and-sets it from what was read to a new value. */
    void readThenCas(String key) {
        KvResult read = get(key);
        if (read == null) {
            return;
        }
        String expected = read.success() ? decode(read.value()) : null;
        long expectedVersion = read.success() ? read.version() : 0;
        String value = nextValue();
        HistoryRecorder.Invocation inv = recorder.invoke(id, KvInput.cas(key, expected, value));
        KvResult r = await(client.compareAndSet(key, expectedVersion, encode(value)), inv, true);
        if (r != null) {
            inv.ok(KvOutput.swapped(r.success(), r.version()));
        }
    }

    private KvResult await(CompletableFuture<KvResult> future, HistoryRecorder.Invocation inv, boolean write) {
        try {
            KvResult r = future.get(wait.toMillis(), TimeUnit.MILLISECONDS);
            counts.ok.incrementAndGet();
            return r;
        } catch (TimeoutException e) {
            counts.uncompleted.incrementAndGet();
            inv.ambiguous();
            counts.ambiguous.incrementAndGet();
        } catch (ExecutionException e) {
            counts.error(e);
            if (write) {
                inv.ambiguous();
                counts.ambiguous.incrementAndGet();
            } else {
                inv.failed();
                counts.failed.incrementAndGet();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            inv.ambiguous();
            counts.ambiguous.incrementAndGet();
        }
        return null;
    }

    private byte[] encode(String value) {
        return (value + padding).getBytes(StandardCharsets.UTF_8);
    }

    static String decode(byte[] bytes) {
        String s = new String(bytes, StandardCharsets.UTF_8);
        int bar = s.indexOf('|');
        return bar < 0 ? s : s.substring(0, bar);
    }
}
