package io.raftwire.linearizability;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistoryRecorderTest {

    @Test
    void shouldRecordCallAndReturnTimesAndOutcomes() {
        AtomicLong clock = new AtomicLong(100);
        HistoryRecorder recorder = new HistoryRecorder(clock::get);
        HistoryRecorder.Invocation put = recorder.invoke("c1", KvInput.put("k", "a"));
        HistoryRecorder.Invocation get = recorder.invoke("c2", KvInput.get("k"));
        HistoryRecorder.Invocation cas = recorder.invoke("c3", KvInput.cas("k", "a", "b"));
        recorder.invoke("c4", KvInput.delete("k"));
        clock.set(250);
        put.ok(KvOutput.written(1));
        get.failed();
        cas.ambiguous();
        List<Operation> h = recorder.history();
        assertEquals(List.of(
                Operation.ok("c1", 100, 250, KvInput.put("k", "a"), KvOutput.written(1)),
                Operation.failed("c2", 100, 250, KvInput.get("k")),
                Operation.ambiguous("c3", 100, KvInput.cas("k", "a", "b")),
                Operation.ambiguous("c4", 100, KvInput.delete("k"))), h);
        assertEquals(1, recorder.openCount());
    }

    @Test
    void shouldRefuseASecondCompletionAndAnOutputOfTheWrongKind() {
        HistoryRecorder recorder = new HistoryRecorder();
        HistoryRecorder.Invocation inv = recorder.invoke("c1", KvInput.get("k"));
        IllegalArgumentException wrong = assertThrows(IllegalArgumentException.class,
                () -> inv.ok(KvOutput.written(3)));
        assertEquals("output PutResult written @v3 does not answer get(k) (expected: a GetResult)", wrong.getMessage());
        assertEquals(1, recorder.openCount(), "a refused completion records nothing");
        inv.ok(KvOutput.value("a"));
        IllegalStateException twice = assertThrows(IllegalStateException.class, inv::ambiguous);
        assertEquals("c1 get(k) is already completed (expected: one completion per invocation)", twice.getMessage());
        assertEquals(1, recorder.history().size());
        assertEquals("clientId is empty (expected: at least one character)",
                assertThrows(IllegalArgumentException.class, () -> recorder.invoke("", KvInput.get("k"))).getMessage());
    }

    /** Clients on 8 threads against a lock-protected store: the recorded history is complete and linearizable. */
    @Test
    @Timeout(60)
    void shouldRecordConcurrentClientsIntoALinearizableHistory() throws Exception {
        HistoryRecorder recorder = new HistoryRecorder();
        ReferenceStore store = new ReferenceStore();
        ReentrantLock lock = new ReentrantLock();
        int threads = 8;
        int perThread = 500;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch snapshotsTaken = new CountDownLatch(1);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                String client = "c" + t;
                done.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        KvInput in = i % 3 == 0 ? KvInput.put("k" + (i % 4), client + "-" + i)
                                : i % 3 == 1 ? KvInput.get("k" + (i % 4)) : KvInput.cas("k" + (i % 4), null, client + i);
                        HistoryRecorder.Invocation inv = recorder.invoke(client, in);
                        KvOutput out;
                        lock.lock();
                        try {
                            out = store.run(in);
                        } finally {
                            lock.unlock();
                        }
                        inv.ok(out);
                    }
                    return null;
                }));
            }
            start.countDown();
            // snapshots taken while clients run never see an operation twice
            pool.submit(() -> {
                for (int i = 0; i < 50; i++) {
                    List<Operation> snap = recorder.history();
                    assertEquals(snap.size(), new java.util.HashSet<>(snap).size());
                }
                snapshotsTaken.countDown();
                return null;
            }).get(30, TimeUnit.SECONDS);
            for (Future<?> f : done) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertTrue(snapshotsTaken.await(0, TimeUnit.SECONDS));
        List<Operation> h = recorder.history();
        assertEquals(threads * perThread, h.size());
        assertEquals(0, recorder.openCount());
        CheckResult r = new LinearizabilityChecker().check(h);
        assertEquals(Verdict.LINEARIZABLE, r.verdict(), r::report);
    }
}
