package io.raftwire.transport.fault;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RequestHandler;
import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportStats;

import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Transport} that applies a {@link FaultPlan} to what this node sends: each outbound {@link #send} and
 * {@link #request} to a peer meets the faults of the link (this node → peer) and is lost, delayed, duplicated or
 * reordered before the wrapped transport sends it. Links without faults pass straight through; nothing else
 * (handlers, lifecycle, reachability, stats) is touched, and a blackholed link's connection stays open. For tests:
 * wrap a node's transport only when a test turns faults on.
 *
 * <p>What callers see: a lost one-way message completes its future normally (it was "written", then lost on the
 * way); a lost request, or one whose copies are all still held when its deadline passes, fails with
 * {@link TransportException.Reason#TIMEOUT} at its deadline, as an unanswered request does. A duplicated request is
 * handled twice by the peer; its future completes with the first answer. Every returned future completes: at the
 * latest at its deadline, or with {@link TransportException.Reason#CLOSED} when this transport closes.
 *
 * <p>Threading: thread-safe; delayed and held frames are sent, and deadlines fire, on one daemon thread of this
 * transport ("raftwire-fault-" + member id), where futures may therefore complete too. {@link #close()} stops it and
 * closes the wrapped transport.
 */
public final class FaultyTransport implements Transport {

    /** The longest a frame stays in a reorder window. */
    public static final Duration REORDER_HOLD = Duration.ofMillis(20);

    private final Transport delegate;
    private final FaultPlan plan;
    private final Duration defaultRequestTimeout;
    private final ScheduledThreadPoolExecutor scheduler;
    private final Map<String, ReorderWindow> windows = new ConcurrentHashMap<>();
    private final Set<CompletableFuture<?>> pending = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * @param delegate              the transport that really sends; closed by {@link #close()}
     * @param plan                  the faults, possibly shared with other nodes' transports
     * @param defaultRequestTimeout the deadline of {@link #request(String, Object, Class)}: the wrapped transport's
     *                              {@code raftwire.transport.request-timeout-ms}; positive
     */
    public FaultyTransport(Transport delegate, FaultPlan plan, Duration defaultRequestTimeout) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.plan = Objects.requireNonNull(plan, "plan");
        this.defaultRequestTimeout = positive(defaultRequestTimeout, "defaultRequestTimeout");
        String name = "raftwire-fault-" + delegate.memberId();
        this.scheduler = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
        scheduler.setRemoveOnCancelPolicy(true);
    }

    /** The plan this transport applies. */
    public FaultPlan plan() {
        return plan;
    }

    /** Pushes without faults: the plan models the links this transport opens, not the ones its peers opened. */
    @Override
    public CompletableFuture<Void> push(String memberId, Object message) {
        return delegate.push(memberId, message);
    }

    @Override
    public CompletableFuture<Void> send(String memberId, Object message) {
        LinkFaults faults = plan.faults(memberId(), memberId);
        if (faults.isNone()) {
            return delegate.send(memberId, message);
        }
        Decision d = plan.decide(faults);
        if (d.lost()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> result = track(new CompletableFuture<>());
        for (long delay : d.delaysNanos()) {
            deliver(memberId, delay, d.reorderWindow(), () -> relay(delegate.send(memberId, message), result));
        }
        return result;
    }

    @Override
    public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType) {
        return request(memberId, request, responseType, defaultRequestTimeout);
    }

    @Override
    public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType,
                                            Duration timeout) {
        LinkFaults faults = plan.faults(memberId(), memberId);
        if (faults.isNone()) {
            return delegate.request(memberId, request, responseType, timeout);
        }
        positive(timeout, "timeout");
        Decision d = plan.decide(faults);
        CompletableFuture<R> result = track(new CompletableFuture<>());
        long deadline = System.nanoTime() + timeout.toNanos();
        String why = d.lost() ? d.lostBy() + " by the fault plan" : "held back by the fault plan";
        ScheduledFuture<?> timer = schedule(() -> result.completeExceptionally(new TransportException(
                TransportException.Reason.TIMEOUT, memberId, "no response from " + memberId + " to "
                + request.getClass().getSimpleName() + " within " + timeout.toMillis() + " ms (" + why + ")", null)),
                timeout.toNanos());
        result.whenComplete((r, e) -> {
            if (timer != null) {
                timer.cancel(false);
            }
        });
        for (long delay : d.delaysNanos()) {
            deliver(memberId, delay, d.reorderWindow(), () -> {
                long left = deadline - System.nanoTime();
                if (left > 0) { // a duplicate goes even if the first copy was answered: the peer handles both
                    relay(delegate.request(memberId, request, responseType, Duration.ofNanos(left)), result);
                }
            });
        }
        return result;
    }

    /** Runs {@code send} after {@code delayNanos}, through the link's reorder window if it has one. */
    private void deliver(String peer, long delayNanos, int reorderWindow, Runnable send) {
        Runnable step = reorderWindow > 1
                ? () -> windows.computeIfAbsent(peer, p -> new ReorderWindow(plan, scheduler)).offer(send, reorderWindow)
                : send;
        if (delayNanos > 0) {
            schedule(step, delayNanos);
        } else {
            step.run();
        }
    }

    private ScheduledFuture<?> schedule(Runnable task, long delayNanos) {
        if (closed) {
            return null;
        }
        try {
            return scheduler.schedule(task, delayNanos, TimeUnit.NANOSECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            return null; // closing: pending futures fail with CLOSED
        }
    }

    private static <T> void relay(CompletableFuture<T> from, CompletableFuture<T> to) {
        from.whenComplete((value, failure) -> {
            if (failure == null) {
                to.complete(value);
            } else {
                to.completeExceptionally(failure);
            }
        });
    }

    private <F extends CompletableFuture<?>> F track(F future) {
        pending.add(future);
        future.whenComplete((v, e) -> pending.remove(future));
        if (closed) {
            future.completeExceptionally(closedException());
        }
        return future;
    }

    private TransportException closedException() {
        return new TransportException(TransportException.Reason.CLOSED, "",
                "transport of " + memberId() + " closed with the frame still held by the fault plan", null);
    }

    private static Duration positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " = " + d + " (expected: positive)");
        }
        return d;
    }

    /** Stops the fault thread, fails every frame it still holds with {@code CLOSED}, then closes the delegate. */
    @Override
    public void close() {
        closed = true;
        scheduler.shutdownNow();
        for (CompletableFuture<?> f : pending) {
            f.completeExceptionally(closedException());
        }
        delegate.close();
    }

    @Override
    public String memberId() {
        return delegate.memberId();
    }

    @Override
    public void start() {
        delegate.start();
    }

    @Override
    public HostPort localAddress() {
        return delegate.localAddress();
    }

    @Override
    public <Q> void onRequest(Class<Q> type, RequestHandler<? super Q> handler) {
        delegate.onRequest(type, handler);
    }

    @Override
    public <Q> void onRequest(Class<Q> type, Executor executor, RequestHandler<? super Q> handler) {
        delegate.onRequest(type, executor, handler);
    }

    @Override
    public <M> void onMessage(Class<M> type, MessageHandler<? super M> handler) {
        delegate.onMessage(type, handler);
    }

    @Override
    public <M> void onMessage(Class<M> type, Executor executor, MessageHandler<? super M> handler) {
        delegate.onMessage(type, executor, handler);
    }

    @Override
    public Set<String> peers() {
        return delegate.peers();
    }

    @Override
    public void addPeer(PeerAddress peer) {
        delegate.addPeer(peer);
    }

    @Override
    public boolean removePeer(String memberId) {
        return delegate.removePeer(memberId);
    }

    @Override
    public boolean isReachable(String memberId) {
        return delegate.isReachable(memberId);
    }

    @Override
    public CompletableFuture<Void> whenReachable(String memberId) {
        return delegate.whenReachable(memberId);
    }

    /** The delegate's: the handshake, and with it the schema exchange, is the delegate's. */
    @Override
    public void schemaGate(SchemaGate gate) {
        delegate.schemaGate(gate);
    }

    @Override
    public OptionalLong peerSchemaDigest(String memberId) {
        return delegate.peerSchemaDigest(memberId);
    }

    @Override
    public TransportStats stats() {
        return delegate.stats();
    }

    @Override
    public java.util.Optional<io.raftwire.transport.InboundCounters> inbound() {
        return delegate.inbound();
    }
}
