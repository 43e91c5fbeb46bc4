package io.raftwire.node.client;

import io.raftwire.node.kv.KvResult;

import java.util.concurrent.CompletableFuture;

/**
 * The key-value store's operations on one key, whether the store is one group ({@link KvClient}) or sharded over
 * many ({@link ShardedKvClient}): code written against this interface runs on either. Each implementation states its
 * guarantees; on a key they are the same (linearizable, each command applied once).
 */
public interface KvOperations extends AutoCloseable {

    /** Sets {@code key} to {@code value}; the result's version is the commit index of this write in its group. */
    CompletableFuture<KvResult> put(String key, byte[] value);

    /** Reads {@code key} with the session's read consistency. */
    CompletableFuture<KvResult> get(String key);

    /** Deletes {@code key}; the result says whether it existed. */
    CompletableFuture<KvResult> delete(String key);

    /**
     * Sets {@code key} to {@code value} only if its version is {@code expectedVersion} (0: only if absent); the result
     * says whether the write happened and gives the key's version after the call.
     */
    CompletableFuture<KvResult> compareAndSet(String key, long expectedVersion, byte[] value);

    /** Watches {@code key}, or with {@code prefix} every key starting with it; the result says whether it is new. */
    CompletableFuture<KvResult> watch(String key, boolean prefix);

    /** Ends a watch made with the same arguments; the result says whether there was one. */
    CompletableFuture<KvResult> unwatch(String key, boolean prefix);

    /** Closes the session(s) and transport(s). */
    @Override
    void close();
}
