package io.raftwire.node.group;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class GroupExecutorTest {

    @Test
    void eachGroupsTasksRunOneAtATimeInOrderWhileGroupsShareThePool() throws Exception {
        int groups = 16;
        int tasks = 2_000;
        try (RaftThreads threads = new RaftThreads(4, "m")) {
            List<List<Integer>> seen = new ArrayList<>();
            AtomicBoolean overlap = new AtomicBoolean();
            CountDownLatch done = new CountDownLatch(groups);
            for (int g = 0; g < groups; g++) {
                GroupExecutor executor = new GroupExecutor(threads.pool(), "g" + g);
                List<Integer> order = new ArrayList<>(); // unsynchronised on purpose: the executor must order it
                seen.add(order);
                AtomicInteger running = new AtomicInteger();
                Thread submitter = new Thread(() -> {
                    for (int i = 0; i < tasks; i++) {
                        int n = i;
                        executor.submit(() -> {
                            if (running.incrementAndGet() != 1) {
                                overlap.set(true);
                            }
                            order.add(n);
                            running.decrementAndGet();
                            if (n == tasks - 1) {
                                done.countDown();
                            }
                        });
                    }
                });
                submitter.start();
            }
            assertTrue(done.await(20, TimeUnit.SECONDS), "every group ran its tasks");
            assertFalse(overlap.get(), "two tasks of one group ran at once");
            for (List<Integer> order : seen) {
                assertEquals(tasks, order.size());
                for (int i = 0; i < tasks; i++) {
                    assertEquals(i, order.get(i));
                }
            }
            assertEquals(4, threads.size());
        }
    }

    @Test
    void aDelayedTaskRunsSeriallyWithTheGroupsOtherTasks() throws Exception {
        try (RaftThreads threads = new RaftThreads(2, "m")) {
            GroupExecutor executor = new GroupExecutor(threads.pool(), "g");
            CountDownLatch ran = new CountDownLatch(1);
            executor.schedule(ran::countDown, 10, TimeUnit.MILLISECONDS);
            assertTrue(ran.await(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void aTerminatedGroupRefusesNewTasksNamingTheGroupAndDropsItsTimers() throws Exception {
        try (RaftThreads threads = new RaftThreads(1, "m")) {
            GroupExecutor executor = new GroupExecutor(threads.pool(), "raftwire-3");
            AtomicBoolean timerRan = new AtomicBoolean();
            executor.schedule(() -> timerRan.set(true), 50, TimeUnit.MILLISECONDS);
            executor.onRaftNodeTerminate();
            RejectedExecutionException e = assertThrows(RejectedExecutionException.class,
                    () -> executor.submit(() -> { }));
            assertEquals("the Raft node of group raftwire-3 has terminated (expected: a running node)",
                    e.getMessage());
            // a marker scheduled after the timer on the same single thread: once it ran, the timer's turn has passed
            CountDownLatch marker = new CountDownLatch(1);
            threads.pool().schedule(marker::countDown, 100, TimeUnit.MILLISECONDS);
            assertTrue(marker.await(10, TimeUnit.SECONDS));
            CountDownLatch drained = new CountDownLatch(1);
            threads.pool().execute(drained::countDown);
            assertTrue(drained.await(10, TimeUnit.SECONDS));
            assertFalse(timerRan.get(), "a timer that came due after termination ran");
        }
    }

    @Test
    void thePoolSizeDefaultsToTheGroupsUpToTheProcessors() {
        assertEquals(1, RaftThreads.size(0, 1));
        assertEquals(Math.min(8, Runtime.getRuntime().availableProcessors()), RaftThreads.size(0, 8));
        assertEquals(3, RaftThreads.size(3, 64));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RaftThreads(0, "m"));
        assertEquals("Raft threads = 0 (expected: >= 1)", e.getMessage());
    }
}
