package io.raftwire.node.shard;

import io.raftwire.node.group.GroupIds;

import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * Which shard a key belongs to: the one definition every client and tool of a sharded key-value store uses.
 *
 * <p><b>The function.</b> {@code shard(key) = CRC32C(UTF-8 bytes of key) mod shards}, where CRC32C is the CRC-32
 * with the Castagnoli polynomial (RFC 3720, {@link java.util.zip.CRC32C}: reflected, initial value and final XOR
 * {@code 0xFFFFFFFF}), read as an unsigned 32-bit number. Shard {@code i} is the members' group of index {@code i}
 * ({@code raftwire.groups} is the shard count; the group ids are {@link GroupIds#id}'s). {@code ShardFunctionTest}
 * pins key&rarr;shard pairs for 1, 2, 3, 8, 16 and 128 shards, computed from the specification rather than from this
 * class.
 *
 * <p><b>Why this one.</b> It is specified byte for byte over the key's UTF-8 encoding (so a client in any language
 * can compute it), it is in the JDK (no dependency, the same result on every JVM and platform), it is cheap for keys
 * of up to 1,024 characters, and it is the checksum raftwire's store frames already use. Similar keys spread
 * evenly ({@code ShardFunctionTest} checks 16,000 keys {@code key-0 .. key-15999} over 8 and 16 shards).
 * {@code String.hashCode} would also be stable, but it is defined on UTF-16 units, not on the bytes a key travels as.
 *
 * <p><b>The shard count is fixed for the store's life.</b> Changing it moves almost every key to another shard
 * ({@code mod} is not a consistent hash), and there is no re-sharding: a store of 8 shards stays 8. A client built
 * for another count than the members host would read and write the wrong groups: {@code ShardedKvClient} takes the
 * count from the same {@code raftwire.groups} the members are configured with, and refuses to connect if the
 * members host another count.
 *
 * <p>Immutable and thread-safe.
 */
public final class ShardFunction {

    /** The most shards a store may have: one per group, and a member hosts at most {@link GroupIds#MAX_GROUPS}. */
    public static final int MAX_SHARDS = GroupIds.MAX_GROUPS;

    private final int shards;

    /**
     * @param shards the store's shard count, 1..{@value #MAX_SHARDS}
     * @throws IllegalArgumentException if it is outside that range
     */
    public ShardFunction(int shards) {
        if (shards < 1 || shards > MAX_SHARDS) {
            throw new IllegalArgumentException("shard count = " + shards + " (expected: 1.." + MAX_SHARDS + ")");
        }
        this.shards = shards;
    }

    /** The shard count this function maps onto. */
    public int shards() {
        return shards;
    }

    /**
     * The shard of {@code key}.
     *
     * @return 0..{@link #shards()}-1
     */
    public int shardOf(String key) {
        Objects.requireNonNull(key, "key");
        CRC32C crc = new CRC32C();
        crc.update(key.getBytes(StandardCharsets.UTF_8));
        return (int) (crc.getValue() % shards);
    }

    @Override
    public String toString() {
        return "CRC32C(UTF-8 key) mod " + shards;
    }
}
