package io.raftwire.node.client;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.kv.KvEvent;
import io.raftwire.node.kv.KvLimits;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.shard.ShardFunction;
import io.raftwire.serializer.TypeRegistry;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A sharded key-value store, as a client sees it: one {@link KvClient} (one session) per shard, and each key's
 * operations sent to the shard {@link ShardFunction} names. Each shard is one Raft group of the members, with its
 * own leader; each per-shard client finds and follows its own group's leader, so a leader change in one shard
 * redirects that shard's operations only. {@link #connect} puts every shard's session on one connection per member.
 *
 * <p><b>One key: today's guarantees.</b> {@link #put}, {@link #get}, {@link #delete}, {@link #compareAndSet} and a
 * watch of one key ({@code prefix = false}) go to the key's shard only and keep every guarantee of {@link KvClient}
 * there: linearizable writes, reads with the session's read consistency (linearizable by default), each command
 * applied exactly once, events of a watched key in order and exactly once while that shard's session is open. A key's
 * version is a log index of its shard's group: versions of keys on different shards are not comparable (a
 * compare-and-set compares a key with its own version only, so it is unaffected).
 *
 * <p><b>Across shards.</b> There is no scan and no multi-key command in the store. A prefix watch
 * ({@code watch(prefix, true)}) is placed on every shard, since keys under a prefix are spread over all of them; its
 * events keep the one-key guarantee per key, but events of keys on different shards come in no defined order
 * relative to each other (they are different groups' logs). The future completes once every shard holds the watch,
 * and fails, naming the shards that refused, if any did: the watch may then be in place on the others (an
 * {@link #unwatch} of the same prefix removes it where it is). Each shard's session counts it against its limit of 64
 * watches.
 *
 * <p><b>Threading.</b> Thread-safe. A client made by {@link #connect} runs one timer thread and one event thread for
 * all its shards, however many there are (besides its transport's threads); the event consumer is called on that
 * event thread, one event at a time, so a consumer that blocks holds up every shard's events. Futures complete as
 * {@link KvClient}'s do.
 */
public final class ShardedKvClient implements KvOperations {

    private final ShardFunction function;
    private final List<KvClient> shards;
    private final AutoCloseable shared;
    private final Object eventTurn = new Object();

    /**
     * @param shards one client per shard, shard {@code i} at index {@code i}: each connected (or connected before
     *               first use) to the group of index {@code i} of the members; they are closed with this client
     * @throws IllegalArgumentException if the list is empty or longer than {@link ShardFunction#MAX_SHARDS}
     */
    public ShardedKvClient(List<KvClient> shards) {
        this(shards, () -> { });
    }

    private ShardedKvClient(List<KvClient> shards, AutoCloseable shared) {
        this.shards = List.copyOf(shards);
        this.function = new ShardFunction(this.shards.size());
        this.shared = shared;
    }

    /**
     * Connects to a sharded store: one session per shard, shard {@code i} in the members' group {@code i}
     * ({@link GroupIds#id}), every shard over one connection per member. Blocks until every session is open.
     *
     * @param config   the members' configuration: its {@code raftwire.groups} is the shard count, and
     *                 {@code raftwire.cluster.id}, the serializer, TLS and the transport's limits are used as
     *                 {@link RaftwireClient#builder} uses them
     * @param members  every member's client address
     * @param settings applied to the builder before the shards' clients are built (timeouts, read consistency,
     *                 TLS, client id); it must not set {@link RaftwireClient.Builder#group}
     * @throws ClientException if the members host another group count than {@code raftwire.groups} says (naming
     *                         both), or a shard's session could not be opened (the sessions already open are closed)
     */
    public static ShardedKvClient connect(RaftwireConfig config, List<PeerAddress> members,
            UnaryOperator<RaftwireClient.Builder> settings) {
        TypeRegistry registry = KvNodes.registry();
        RaftwireClient.Builder builder = settings.apply(RaftwireClient.builder(config, registry, members));
        AutoCloseable[] shared = new AutoCloseable[1];
        List<RaftwireClient> clients = builder.buildGroups(config.get(ConfigKeys.GROUPS), t -> shared[0] = t);
        List<KvClient> shards = new ArrayList<>(clients.size());
        for (RaftwireClient c : clients) {
            shards.add(new KvClient(c, c.operationCodec()));
        }
        ShardedKvClient sharded = new ShardedKvClient(shards, shared[0]);
        try {
            clients.get(0).start().requireGroupCount(clients.size());
            for (RaftwireClient c : clients) {
                c.connect();
            }
        } catch (RuntimeException e) {
            try {
                sharded.close();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
        return sharded;
    }

    /** The shard function keys are routed with. */
    public ShardFunction shardFunction() {
        return function;
    }

    /** The shard of {@code key}: where every operation on it goes. */
    public int shardOf(String key) {
        return function.shardOf(key);
    }

    /** The client of shard {@code shard} (for its session, leader, or anything this class does not route). */
    public KvClient shard(int shard) {
        Objects.checkIndex(shard, shards.size());
        return shards.get(shard);
    }

    /** Sets {@code key} to {@code value} on its shard; the result's version is the shard's commit index. */
    @Override
    public CompletableFuture<KvResult> put(String key, byte[] value) {
        return onShardOf(key, c -> c.put(key, value));
    }

    /** Reads {@code key} from its shard with the session's read consistency. */
    @Override
    public CompletableFuture<KvResult> get(String key) {
        return onShardOf(key, c -> c.get(key));
    }

    /** Deletes {@code key} on its shard; the result says whether it existed. */
    @Override
    public CompletableFuture<KvResult> delete(String key) {
        return onShardOf(key, c -> c.delete(key));
    }

    /** {@link KvClient#compareAndSet} on the key's shard. */
    @Override
    public CompletableFuture<KvResult> compareAndSet(String key, long expectedVersion, byte[] value) {
        return onShardOf(key, c -> c.compareAndSet(key, expectedVersion, value));
    }

    /**
     * Watches {@code key} on its shard, or with {@code prefix} every key starting with it on every shard (see the
     * class comment for what a prefix watch guarantees). The result says whether the watch is new: for a prefix,
     * whether it was new on at least one shard.
     */
    @Override
    public CompletableFuture<KvResult> watch(String key, boolean prefix) {
        return prefix ? onEveryShard("watch", key, c -> c.watch(key, true)) : onShardOf(key, c -> c.watch(key, false));
    }

    /** Ends a watch made by {@link #watch} with the same arguments; the result says whether there was one. */
    @Override
    public CompletableFuture<KvResult> unwatch(String key, boolean prefix) {
        return prefix ? onEveryShard("unwatch", key, c -> c.unwatch(key, true))
                : onShardOf(key, c -> c.unwatch(key, false));
    }

    /**
     * Sets who receives the events of every shard's session; set it before the first {@link #watch}. {@code consumer}
     * and {@code closed} are called one at a time, on the event thread of the shard the event or closing comes from.
     *
     * @param consumer receives each event
     * @param closed   hears, once per shard, that the shard's session ended (its reason prefixed with
     *                 {@code shard <i>: }); the other shards' events go on
     * @return this client
     */
    public ShardedKvClient onEvent(Consumer<KvEvent> consumer, Consumer<String> closed) {
        Objects.requireNonNull(consumer, "consumer");
        Objects.requireNonNull(closed, "closed");
        for (int i = 0; i < shards.size(); i++) {
            String shard = "shard " + i + ": ";
            shards.get(i).onEvent(e -> {
                synchronized (eventTurn) {
                    consumer.accept(e);
                }
            }, reason -> {
                synchronized (eventTurn) {
                    closed.accept(shard + reason);
                }
            });
        }
        return this;
    }

    private CompletableFuture<KvResult> onShardOf(String key, Function<KvClient, CompletableFuture<KvResult>> op) {
        Objects.requireNonNull(key, "key");
        KvLimits.requireKeyLength(key, "key");
        return op.apply(shards.get(function.shardOf(key)));
    }

    private CompletableFuture<KvResult> onEveryShard(String what, String prefix,
            Function<KvClient, CompletableFuture<KvResult>> op) {
        Objects.requireNonNull(prefix, "prefix");
        KvLimits.requireKeyLength(prefix, "prefix");
        List<CompletableFuture<KvResult>> each = new ArrayList<>(shards.size());
        for (KvClient shard : shards) {
            each.add(op.apply(shard));
        }
        return CompletableFuture.allOf(each.toArray(CompletableFuture[]::new)).handle((ignored, failure) -> {
            List<Integer> refused = new ArrayList<>();
            Throwable first = null;
            boolean anyNew = false;
            for (int i = 0; i < each.size(); i++) {
                CompletableFuture<KvResult> f = each.get(i);
                if (f.isCompletedExceptionally()) {
                    refused.add(i);
                    if (first == null) {
                        first = f.handle((r, e) -> e instanceof CompletionException c ? c.getCause() : e).join();
                    }
                } else {
                    anyNew |= f.join().success();
                }
            }
            if (first != null) {
                throw new ClientException(what + " of prefix '" + prefix + "' failed on shard(s) " + refused + " of "
                        + shards.size() + " (first: " + first.getMessage() + "); it may be in place on the others",
                        first instanceof ClientException c ? c.error() : null, first);
            }
            return new KvResult(anyNew, null, 0);
        });
    }

    /**
     * Closes every shard's session, then the transport(s); a failure to close one does not keep the others open.
     */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (KvClient shard : shards) {
            try {
                shard.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        try {
            shared.close();
        } catch (Exception e) {
            if (failure == null) {
                failure = new IllegalStateException("closing the shared transport: " + e, e);
            } else {
                failure.addSuppressed(e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
