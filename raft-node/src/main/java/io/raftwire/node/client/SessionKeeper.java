package io.raftwire.node.client;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.session.SessionTable;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client session: opens it, numbers its commands, keeps it alive, acknowledges results and events in the
 * keep-alives, notices when the cluster no longer has it, and closes it.
 *
 * <p>A keep-alive goes every third of the session timeout, and at once after {@value #ACK_EVERY} completed commands
 * and whenever {@link #keepAliveNow()} is asked (a gap in the events, enough delivered events, another member
 * answering). It acknowledges every command sequence below the oldest one still in flight, and the last event batch
 * delivered. Thread-safe.
 */
final class SessionKeeper {

    /**
     * Completed commands after which the client sends a keep-alive at once rather than at its next period: the
     * keep-alive acknowledges the sequences whose cached results the state machine may drop, and the state machine
     * refuses new commands while 1,024 results are unacknowledged, so acknowledging only every session timeout / 3
     * would cap a pipelining client at about 1,024 commands per keep-alive period.
     */
    static final int ACK_EVERY = 256;

    private static final Logger LOG = LoggerFactory.getLogger(SessionKeeper.class);

    private final String clientId;
    private final String serviceName;
    private final String serviceType;
    private final FailoverCaller caller;
    private final ClientTimer timer;
    private final Duration sessionTimeout;
    private final ReadConsistency consistency;
    private final EventDelivery events;
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong highestIndex = new AtomicLong();
    private final ConcurrentSkipListSet<Long> inFlight = new ConcurrentSkipListSet<>();
    private final AtomicLong unacknowledged = new AtomicLong();
    private final AtomicBoolean lost = new AtomicBoolean();
    private volatile long session;
    private volatile Runnable stopKeepAlives = () -> {
    };

    /**
     * @param clientId       the session's owner, sent in the open request
     * @param serviceType    the service the session is for, sent in the open request as its name and type
     * @param caller         sends the session's requests
     * @param timer          runs the keep-alives
     * @param sessionTimeout the timeout asked for; keep-alives go at a third of it
     * @param consistency    the read consistency of the session's queries
     * @param events         the session's events, whose delivered index the keep-alives acknowledge
     */
    SessionKeeper(String clientId, String serviceType, FailoverCaller caller, ClientTimer timer,
            Duration sessionTimeout, ReadConsistency consistency, EventDelivery events) {
        this(clientId, serviceType, serviceType, caller, timer, sessionTimeout, consistency, events);
    }

    /**
     * As above, with the open request's name {@code serviceName} (the service type with a group suffix, on members of
     * several groups) and its type {@code serviceType}.
     */
    SessionKeeper(String clientId, String serviceName, String serviceType, FailoverCaller caller, ClientTimer timer,
            Duration sessionTimeout, ReadConsistency consistency, EventDelivery events) {
        this.serviceName = serviceName;
        this.clientId = clientId;
        this.serviceType = serviceType;
        this.caller = caller;
        this.timer = timer;
        this.sessionTimeout = sessionTimeout;
        this.consistency = consistency;
        this.events = events;
    }

    /**
     * Opens the session and starts keeping it alive; blocks until the cluster answers.
     *
     * @throws ClientException if the cluster refused the session or did not open it within the operation timeout
     */
    void open() {
        OpenSessionRequest request = new OpenSessionRequest(new MemberId(clientId), serviceName, serviceType,
                new byte[0], consistency, sessionTimeout.toMillis(), sessionTimeout.toMillis());
        OpenSessionResponse r;
        try {
            r = caller.call(request, OpenSessionResponse.class).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof ClientException c ? c : e;
        }
        if (r.status() != RaftResponse.Status.OK) {
            throw new ClientException("the cluster refused to open a session for " + clientId + ": " + r.error(),
                    r.error(), null);
        }
        session = r.session();
        Duration period = Duration.ofMillis(Math.max(50, sessionTimeout.toMillis() / 3));
        stopKeepAlives = timer.repeat(this::sendKeepAlive, period);
        LOG.debug("client {} opened session {}", clientId, session);
    }

    /** The open session's id; 0 before {@link #open()} and after {@link #stop()}. */
    long id() {
        return session;
    }

    /** Takes the next command sequence and counts the command in flight until {@link #completed}. */
    long nextSequence() {
        long seq = sequence.incrementAndGet();
        inFlight.add(seq);
        return seq;
    }

    /** The highest sequence taken, which a query waits for. */
    long lastSequence() {
        return sequence.get();
    }

    /** The highest log index a response showed this client; a query must not see older state. */
    long highestIndex() {
        return highestIndex.get();
    }

    /** Notes the log index a response was applied at. */
    void observed(long index) {
        highestIndex.accumulateAndGet(index, Math::max);
    }

    /** A command finished (either way): no longer in flight; every {@value #ACK_EVERY}th one asks for a keep-alive. */
    void completed(long seq) {
        inFlight.remove(seq);
        if (unacknowledged.incrementAndGet() >= ACK_EVERY) {
            unacknowledged.set(0);
            keepAliveNow();
        }
    }

    /** Sends a keep-alive soon, from the timer thread, unless the client is closing. */
    void keepAliveNow() {
        if (!timer.closed()) {
            timer.schedule(this::sendKeepAlive, Duration.ZERO);
        }
    }

    private void sendKeepAlive() {
        long own = session;
        if (own == 0 || timer.closed()) {
            return;
        }
        long acked = inFlight.isEmpty() ? sequence.get() : inFlight.first() - 1;
        KeepAliveRequest request = new KeepAliveRequest(new long[] {own}, new long[] {acked},
                new long[] {events.acknowledge()});
        caller.call(request, KeepAliveResponse.class).whenComplete((r, e) -> {
            if (e != null) {
                LOG.debug("keep-alive of session {} failed: {}", own, e.toString());
            } else if (r.status() == RaftResponse.Status.OK && own == session
                    && Arrays.stream(r.sessionIds()).noneMatch(id -> id == own)) {
                lost(own);
            }
        });
    }

    private void lost(long own) {
        if (!lost.compareAndSet(false, true)) {
            return;
        }
        String reason = "session " + own + " is not open on the cluster any more (expected: an open session; it"
                + " expired, was closed, or was closed by the cluster for leaving more than "
                + SessionTable.MAX_UNACKNOWLEDGED_EVENT_BATCHES + " event batches or "
                + SessionTable.MAX_UNACKNOWLEDGED_EVENT_BYTES + " bytes of events unacknowledged)";
        LOG.debug("client {}: {}", clientId, reason);
        events.sessionClosed(own, reason);
    }

    /** Stops the keep-alives and forgets the session without closing it on the cluster. Idempotent. */
    void stop() {
        stopKeepAlives.run();
        session = 0;
    }

    /**
     * Stops the keep-alives and closes the session on the cluster, waiting at most {@code timeout} (best effort: a
     * session not closed expires). Idempotent.
     */
    void close(Duration timeout) {
        stopKeepAlives.run();
        long own = session;
        if (own == 0) {
            return;
        }
        session = 0;
        try {
            caller.call(new CloseSessionRequest(own, false), CloseSessionResponse.class)
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.debug("closing session {}: interrupted", own);
        } catch (ExecutionException | TimeoutException e) {
            LOG.debug("closing session {}: {}", own, e.toString());
        }
    }
}
