package io.raftwire.node.client;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Sends one request to the leader until it answers, following leader changes and failing over to other members,
 * until the operation deadline. A retry sends the very same request object, so a command keeps its session and
 * sequence and the state machine applies it once.
 *
 * <ul>
 *   <li>OK, or an error the cluster gives for good (not {@linkplain RaftError.Type#retriable() retriable}): the
 *       response completes the call.</li>
 *   <li>{@link RaftError.Type#NO_LEADER}: sent again at once to the leader the error names, if it is a member;
 *       otherwise after a pause, to the leader a probe finds. A probe refused with a non-retriable error (a group
 *       the member does not host) fails the call at once with that error.</li>
 *   <li>A retriable error, or a retriable transport failure (the leader is then forgotten, so the next attempt asks
 *       the next member): sent again after {@link #RETRY_PAUSE}.</li>
 *   <li>A transport failure that will not heal (closed transport, refused handshake, ...): fails at once.</li>
 *   <li>The deadline passed: fails with {@link ClientException} naming the last failure.</li>
 * </ul>
 *
 * <p>Thread-safe; callbacks run on a transport I/O thread or the {@link ClientTimer}'s thread.
 */
final class FailoverCaller {

    /** The pause before a retry that cannot go to a known leader at once. */
    static final Duration RETRY_PAUSE = Duration.ofMillis(50);

    private final Transport transport;
    private final LeaderLocator leaders;
    private final ClientTimer timer;
    private final Duration operationTimeout;
    private final Runnable serverChanged;
    private volatile String servedBy;

    /**
     * @param transport        sends the requests
     * @param leaders          where the leader is
     * @param timer            the clock of deadlines and the thread of retries
     * @param operationTimeout how long one call may take, retries included
     * @param serverChanged    run (on the thread that completes the call) when a call was answered by another member
     *                         than the call before it
     */
    FailoverCaller(Transport transport, LeaderLocator leaders, ClientTimer timer, Duration operationTimeout,
            Runnable serverChanged) {
        this.transport = transport;
        this.leaders = leaders;
        this.timer = timer;
        this.operationTimeout = operationTimeout;
        this.serverChanged = serverChanged;
    }

    /**
     * Sends {@code request} until it succeeds, is refused for good, or the deadline passes.
     *
     * @return completes with the answer (OK, or an ERROR the cluster gives for good), or fails with
     *         {@link ClientException}
     */
    <R extends RaftResponse> CompletableFuture<R> call(Object request, Class<R> type) {
        CompletableFuture<R> result = new CompletableFuture<>();
        attempt(new Call<>(request, type, result, timer.nanoTime() + operationTimeout.toNanos()), null);
        return result;
    }

    /** One call in progress. */
    private record Call<R>(Object request, Class<R> type, CompletableFuture<R> result, long deadline) {

        String name() {
            return request.getClass().getSimpleName();
        }
    }

    private <R extends RaftResponse> void attempt(Call<R> call, Object last) {
        if (timer.nanoTime() - call.deadline() > 0) {
            call.result().completeExceptionally(new ClientException(call.name() + " did not succeed within "
                    + operationTimeout.toMillis() + " ms; last failure: " + last,
                    last instanceof RaftError e ? e : null, last instanceof Throwable t ? t : null));
            return;
        }
        String target = leaders.leader();
        if (target == null) { // a probe refused for good (a group the members do not host) fails the call at once
            leaders.find().whenComplete((found, failure) -> {
                Throwable cause = unwrap(failure);
                if (cause instanceof TransportException te && !te.retriable()) {
                    call.result().completeExceptionally(new ClientException(call.name() + " cannot reach the"
                            + " cluster: " + te.getMessage(), null, te));
                    return;
                }
                if (cause instanceof ClientException refused) {
                    call.result().completeExceptionally(new ClientException(call.name() + " not sent: "
                            + refused.getMessage(), refused.error(), refused));
                    return;
                }
                retry(call, cause != null ? cause : last == null ? "no leader known" : last, found != null);
            });
            return;
        }
        transport.request(target, call.request(), call.type()).whenComplete((r, failure) -> {
            if (failure != null) {
                Throwable cause = unwrap(failure);
                if (cause instanceof TransportException te && !te.retriable()) {
                    call.result().completeExceptionally(new ClientException(call.name() + " to " + target
                            + " failed: " + te.getMessage(), null, te));
                    return;
                }
                leaders.forget(target);
                retry(call, cause, false);
                return;
            }
            RaftError error = r.error();
            if (r.status() == RaftResponse.Status.OK || error == null) {
                servedBy(target);
                call.result().complete(r);
            } else if (error.type() == RaftError.Type.NO_LEADER) {
                retry(call, error, leaders.follow(error));
            } else if (error.type().retriable()) {
                retry(call, error, false);
            } else {
                call.result().complete(r);
            }
        });
    }

    private void servedBy(String member) {
        String before = servedBy;
        servedBy = member;
        if (before != null && !before.equals(member)) {
            serverChanged.run();
        }
    }

    private <R extends RaftResponse> void retry(Call<R> call, Object last, boolean now) {
        if (now) {
            attempt(call, last);
        } else if (timer.closed()) {
            call.result().completeExceptionally(new ClientException(call.name() + " abandoned: the client is"
                    + " closing; last failure: " + last, last instanceof RaftError e ? e : null,
                    last instanceof Throwable t ? t : null));
        } else {
            timer.schedule(() -> attempt(call, last), RETRY_PAUSE);
        }
    }

    private static Throwable unwrap(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
