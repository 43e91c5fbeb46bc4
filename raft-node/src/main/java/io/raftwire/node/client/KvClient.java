package io.raftwire.node.client;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.OperationResponse;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.node.kv.KvCompareAndSet;
import io.raftwire.node.kv.KvDelete;
import io.raftwire.node.kv.KvEvent;
import io.raftwire.node.kv.KvGet;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.kv.KvUnwatch;
import io.raftwire.node.kv.KvWatch;
import io.raftwire.node.kv.OperationCodec;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The replicated key-value store, as a client sees it: typed commands over a {@link RaftwireClient} session. Commands
 * and results are the KV module's registered records, encoded by the client's serializer ({@link OperationCodec}),
 * at the feature level the codec writes at (the client's own codec, {@link RaftwireClient#operationCodec()}, follows
 * the group's levels as {@link RaftwireClient#command(Object, Class)} does).
 *
 * <p>Each future completes with the {@link KvResult}, or fails with a {@link ClientException} carrying the cluster's
 * error (for example an expired session). Thread-safe; same threading as {@link RaftwireClient}.
 */
public final class KvClient implements KvOperations {

    private final RaftwireClient client;
    private final OperationCodec codec;

    /**
     * @param client a client (connected, or connected before first use)
     * @param codec  the codec of the serializer the cluster accepts; its registry must hold the KV types
     */
    public KvClient(RaftwireClient client, OperationCodec codec) {
        this.client = client;
        this.codec = codec;
    }

    /** Sets {@code key} to {@code value}; the result's version is the commit index of this write. */
    @Override
    public CompletableFuture<KvResult> put(String key, byte[] value) {
        return command(new KvPut(key, value));
    }

    /** Deletes {@code key}; the result says whether it existed. */
    @Override
    public CompletableFuture<KvResult> delete(String key) {
        return command(new KvDelete(key));
    }

    /**
     * Sets {@code key} to {@code value} only if its version is {@code expectedVersion} (0: only if absent); the
     * result says whether the write happened and gives the key's version after the call.
     */
    @Override
    public CompletableFuture<KvResult> compareAndSet(String key, long expectedVersion, byte[] value) {
        return command(new KvCompareAndSet(key, expectedVersion, value));
    }

    /**
     * Watches {@code key} (or, with {@code prefix}, every key starting with it): every later put, successful
     * compare-and-set and delete of a present key publishes a {@link KvEvent} to this session, delivered to the
     * consumer given to {@link #onEvent}. The result says whether the watch is new; more than 64 watches per session
     * are refused.
     */
    @Override
    public CompletableFuture<KvResult> watch(String key, boolean prefix) {
        return command(new KvWatch(key, prefix));
    }

    /** Ends the watch of {@code key} with the same {@code prefix} flag; the result says whether there was one. */
    @Override
    public CompletableFuture<KvResult> unwatch(String key, boolean prefix) {
        return command(new KvUnwatch(key, prefix));
    }

    /**
     * Sets who receives the session's {@link KvEvent}s, in order and exactly once (see {@link SessionEventListener}).
     * Set it before the first {@link #watch}. Called on the client's event thread.
     *
     * @param consumer receives each event
     * @return this client
     */
    public KvClient onEvent(Consumer<KvEvent> consumer) {
        return onEvent(consumer, reason -> { });
    }

    /**
     * As {@link #onEvent(Consumer)}, and {@code closed} hears, once, that the session ended and no event will follow
     * (with what the client knows of why). Both are called on the client's event thread.
     *
     * @param consumer receives each event
     * @param closed   receives the reason the session ended
     * @return this client
     */
    public KvClient onEvent(Consumer<KvEvent> consumer, Consumer<String> closed) {
        Objects.requireNonNull(consumer, "consumer");
        Objects.requireNonNull(closed, "closed");
        client.eventListener(new SessionEventListener() {
            @Override
            public void onEvents(long session, long eventIndex, List<PrimitiveEvent> events) {
                for (PrimitiveEvent e : events) {
                    Object event = codec.decodeEvent(e);
                    if (event instanceof KvEvent kv) {
                        consumer.accept(kv);
                    } else {
                        throw new IllegalArgumentException("event of batch " + eventIndex + " is "
                                + event.getClass().getSimpleName() + " (expected: KvEvent)");
                    }
                }
            }

            @Override
            public void onSessionClosed(long session, String reason) {
                closed.accept(reason);
            }
        });
        return this;
    }

    /** Reads {@code key} with the session's read consistency. */
    @Override
    public CompletableFuture<KvResult> get(String key) {
        return client.call(codec, new KvGet(key), true).thenApply(this::result);
    }

    /** The underlying session. */
    public RaftwireClient session() {
        return client;
    }

    private CompletableFuture<KvResult> command(Object command) {
        return client.call(codec, command, false).thenApply(this::result);
    }

    private KvResult result(RaftwireClient.Answered answered) {
        OperationResponse response = answered.response();
        if (response.status() != RaftResponse.Status.OK) {
            throw new ClientException("the cluster refused the operation: " + response.error(), response.error(),
                    null);
        }
        return codec.decodeResult(response.result(), KvResult.class, answered.sent().id());
    }

    /** Closes the session and its transport. */
    @Override
    public void close() {
        client.close();
    }
}
