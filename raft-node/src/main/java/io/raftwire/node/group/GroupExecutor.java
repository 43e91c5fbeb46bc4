package io.raftwire.node.group;

import io.microraft.executor.RaftNodeExecutor;
import io.microraft.lifecycle.RaftNodeLifecycleAware;

import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One group's Raft executor over the member's shared pool ({@link RaftThreads}): the group's tasks run one at a time,
 * in submission order, each seeing everything the earlier ones did (the queue and the running flag order them), as
 * MicroRaft requires; different groups' tasks run in parallel on the pool's threads. A run takes at most
 * {@value #BATCH} tasks, then yields the thread to the other groups.
 *
 * <p>As MicroRaft's {@code DefaultRaftNodeExecutor} after its shutdown: once the engine terminated
 * ({@link #onRaftNodeTerminate()}), tasks already queued still run, new ones are refused with a
 * {@link RejectedExecutionException}, and delayed tasks that come due are dropped. A task that throws is logged at
 * debug level and the next one runs (MicroRaft's tasks catch and log their own failures; the default executor keeps
 * what escapes in a future nobody reads). Thread-safe.
 */
public final class GroupExecutor implements RaftNodeExecutor, RaftNodeLifecycleAware {

    /** Most tasks of one group a pool thread runs before it lets other groups' runs go first. */
    static final int BATCH = 64;

    private static final Logger LOG = LoggerFactory.getLogger(GroupExecutor.class);

    private final ScheduledExecutorService pool;
    private final String group;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private volatile boolean terminated;

    /**
     * @param pool  the member's shared threads
     * @param group the group's id, for messages
     */
    public GroupExecutor(ScheduledExecutorService pool, String group) {
        this.pool = Objects.requireNonNull(pool, "pool");
        this.group = Objects.requireNonNull(group, "group");
    }

    @Override
    public void execute(Runnable task) {
        submit(task);
    }

    @Override
    public void submit(Runnable task) {
        Objects.requireNonNull(task, "task");
        checkRunning();
        enqueue(task);
    }

    @Override
    public void schedule(Runnable task, long delay, TimeUnit timeUnit) {
        Objects.requireNonNull(task, "task");
        checkRunning();
        pool.schedule(() -> {
            if (!terminated) {
                enqueueQuietly(task);
            }
        }, delay, timeUnit);
    }

    @Override
    public void onRaftNodeTerminate() {
        terminated = true;
    }

    private void checkRunning() {
        if (terminated) {
            throw new RejectedExecutionException("the Raft node of group " + group + " has terminated (expected: a"
                    + " running node)");
        }
    }

    /** Queues {@code task} and makes sure a run is coming; throws if the pool was shut down (the member closed). */
    private void enqueue(Runnable task) {
        tasks.add(task);
        runSoon();
    }

    /** {@link #enqueue} from a pool thread, where nobody could act on a refusal: the member is closing. */
    private void enqueueQuietly(Runnable task) {
        try {
            enqueue(task);
        } catch (RejectedExecutionException e) {
            LOG.debug("a Raft task of group {} came due after the member's threads stopped", group);
        }
    }

    private void runSoon() {
        if (scheduled.compareAndSet(false, true)) {
            try {
                pool.execute(this::drain);
            } catch (RejectedExecutionException e) {
                scheduled.set(false);
                throw e;
            }
        }
    }

    private void drain() {
        for (int i = 0; i < BATCH; i++) {
            Runnable task = tasks.poll();
            if (task == null) {
                break;
            }
            try {
                task.run();
            } catch (Throwable e) {
                LOG.debug("a Raft task of group {} failed", group, e);
            }
        }
        scheduled.set(false);
        if (!tasks.isEmpty()) {
            try {
                runSoon();
            } catch (RejectedExecutionException e) {
                LOG.debug("{} Raft task(s) of group {} left queued: the member's threads stopped", tasks.size(),
                        group);
            }
        }
    }
}
