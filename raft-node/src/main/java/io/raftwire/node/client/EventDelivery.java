package io.raftwire.node.client;

import io.raftwire.message.request.PublishRequest;

import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hands the event batches members push to one session to its {@link SessionEventListener}, in order and once: a
 * repeat is dropped, and a gap (a batch missed) makes it ask for a keep-alive, which makes the leader push every
 * unacknowledged batch again. It also counts what the next keep-alive acknowledges. Thread-safe: batches arrive on
 * transport I/O threads, the listener runs on the event executor, one batch at a time.
 *
 * <p>A batch can be held before it is handed on ({@code ready}: for a client, until it has read the feature levels the
 * batch's events name). A held batch occupies no thread; the batches after it wait for it, so the order stays.
 */
final class EventDelivery {

    /**
     * Delivered event batches after which the client acknowledges them at once: far below the 1,024 unacknowledged
     * batches after which the cluster closes a session.
     */
    static final int ACK_EVENTS_EVERY = 64;

    private static final Logger LOG = LoggerFactory.getLogger(EventDelivery.class);

    private final String clientId;
    private final LongSupplier session;
    private final Executor eventThread;
    private final Runnable keepAliveNow;
    /** Which pushed batch comes next; guarded by {@code this}. */
    private final EventSequencer sequencer = new EventSequencer();
    private final AtomicLong delivered = new AtomicLong();
    private final AtomicLong deliveredSinceAck = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicBoolean resync = new AtomicBoolean();
    private final Function<PublishRequest, CompletableFuture<?>> ready;
    /** Completes once the last batch handed on behind a held one has been delivered; guarded by {@code this}. */
    private CompletableFuture<?> held = CompletableFuture.completedFuture(null);
    private volatile SessionEventListener listener;

    /**
     * @param clientId     for log lines
     * @param session      the open session's id, 0 while none is open
     * @param eventThread  runs the listener; must run tasks one at a time, in submission order
     * @param keepAliveNow asks for a keep-alive soon (it must not block): acknowledges, or makes the leader push the
     *                     unacknowledged batches again
     */
    EventDelivery(String clientId, LongSupplier session, Executor eventThread, Runnable keepAliveNow) {
        this(clientId, session, eventThread, keepAliveNow, batch -> CompletableFuture.completedFuture(null));
    }

    /**
     * As above, holding each batch until {@code ready} of it completes (either way).
     *
     * @param ready called on a transport I/O thread under this object's lock, once per batch to deliver, in order; must
     *              not block
     */
    EventDelivery(String clientId, LongSupplier session, Executor eventThread, Runnable keepAliveNow,
            Function<PublishRequest, CompletableFuture<?>> ready) {
        this.ready = Objects.requireNonNull(ready, "ready");
        this.clientId = clientId;
        this.session = session;
        this.eventThread = eventThread;
        this.keepAliveNow = keepAliveNow;
    }

    void listener(SessionEventListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
    }

    /** The event index of the last batch the listener returned from; 0 if none. */
    long delivered() {
        return delivered.get();
    }

    /** Batches that arrived again and were dropped. */
    long duplicates() {
        return duplicates.get();
    }

    /**
     * Called as a keep-alive is built: the delivered batches it acknowledges.
     *
     * @return the event index to acknowledge
     */
    long acknowledge() {
        deliveredSinceAck.set(0);
        resync.set(false);
        return delivered.get();
    }

    /**
     * A batch pushed by {@code from}: delivered if it follows the last one taken; dropped if it repeats one or if it
     * belongs to no open session of this client; on a gap, dropped and a keep-alive asked for (once until it goes).
     */
    void onPublish(String from, PublishRequest batch) {
        long own = session.getAsLong();
        if (batch.session() != own || own == 0) {
            LOG.debug("client {} dropped event batch {} for session {} from {} (its session is {})", clientId,
                    batch.eventIndex(), batch.session(), from, own);
            return;
        }
        synchronized (this) {
            switch (sequencer.offer(batch)) {
                case REPEAT -> duplicates.incrementAndGet();
                case GAP -> {
                    LOG.debug("client {} missed event batches between {} and {} (batch {} from {}); asking again",
                            clientId, sequencer.taken(), batch.previousIndex(), batch.eventIndex(), from);
                    if (resync.compareAndSet(false, true)) {
                        keepAliveNow.run();
                    }
                }
                case DELIVER -> handOn(own, batch);
            }
        }
    }

    /** Under this object's lock: delivers {@code batch} now, or once it and every batch held before it are ready. */
    private void handOn(long own, PublishRequest batch) {
        inOrder(ready.apply(batch), () -> deliver(own, batch));
    }

    /**
     * Under this object's lock: runs {@code task} on the event thread once {@code mine} is done and every task held
     * before it has run.
     */
    private void inOrder(CompletableFuture<?> mine, Runnable task) {
        if (held.isDone() && mine.isDone()) {
            run(task);
            return;
        }
        held = CompletableFuture.allOf(held, mine).handle((v, e) -> null)
                .thenRunAsync(task, eventThread); // a rejection (closing) completes it too
    }

    /** Tells the listener, on the event thread, that the session ended: after every batch handed on before. */
    synchronized void sessionClosed(long own, String reason) {
        SessionEventListener l = listener;
        if (l != null) {
            inOrder(CompletableFuture.completedFuture(null), () -> l.onSessionClosed(own, reason));
        }
    }

    /** On the event thread: hands one batch to the listener, then counts it as delivered, to acknowledge. */
    private void deliver(long own, PublishRequest batch) {
        SessionEventListener l = listener;
        if (l != null) {
            try {
                l.onEvents(own, batch.eventIndex(), batch.events());
            } catch (RuntimeException e) {
                LOG.warn("the event listener of client {} failed on batch {} (the batch counts as delivered)",
                        clientId, batch.eventIndex(), e);
            }
        }
        delivered.set(batch.eventIndex());
        if (deliveredSinceAck.incrementAndGet() >= ACK_EVENTS_EVERY) {
            keepAliveNow.run();
        }
    }

    private void run(Runnable task) {
        try {
            eventThread.execute(task);
        } catch (RejectedExecutionException closing) {
            // the client is closing: nothing more is delivered
        }
    }
}
