package io.raftwire.node.shard;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shard function is a format: a key must land on the same shard in every client, build and JVM, forever. The
 * golden pairs were computed outside this code, by a bitwise CRC32C of the key's UTF-8 bytes (polynomial 0x82F63B78,
 * reflected, initial and final XOR 0xFFFFFFFF; check value of "123456789" = 0xE3069283), modulo each shard count.
 * If one fails, the function changed and every existing sharded store would be read from the wrong groups.
 */
@Timeout(10)
class ShardFunctionTest {

    private static final int[] COUNTS = {1, 2, 3, 8, 16, 128};

    /** key -> its shard for 1, 2, 3, 8, 16 and 128 shards. */
    private static final Map<String, int[]> GOLDEN = Map.of(
            "a", new int[] {0, 0, 0, 0, 0, 48},
            "user-1", new int[] {0, 0, 1, 4, 12, 44},
            "user-2", new int[] {0, 0, 0, 0, 8, 88},
            "user-9", new int[] {0, 1, 2, 3, 3, 99},
            "orders/2026/0001", new int[] {0, 0, 0, 2, 10, 26},
            "k", new int[] {0, 0, 2, 0, 8, 8},
            "\u00e9t\u00e9", new int[] {0, 0, 1, 2, 10, 10},
            "\u6771\u4eac", new int[] {0, 1, 1, 3, 3, 115},
            "x".repeat(1024), new int[] {0, 1, 1, 1, 9, 89});

    @Test
    void everyGoldenKeyLandsOnItsShardForEveryCount() {
        GOLDEN.forEach((key, expected) -> {
            int[] actual = Arrays.stream(COUNTS).map(n -> new ShardFunction(n).shardOf(key)).toArray();
            assertArrayEquals(expected, actual, "shards of " + key.substring(0, Math.min(key.length(), 20)));
        });
    }

    @ParameterizedTest
    @ValueSource(ints = {8, 16})
    void similarKeysSpreadEvenlyOverTheShards(int shards) {
        ShardFunction function = new ShardFunction(shards);
        int[] perShard = new int[shards];
        int keys = 16_000;
        for (int i = 0; i < keys; i++) {
            perShard[function.shardOf("key-" + i)]++;
        }
        int mean = keys / shards;
        for (int s = 0; s < shards; s++) {
            assertTrue(Math.abs(perShard[s] - mean) < mean / 20,
                    "shard " + s + " holds " + perShard[s] + " of " + keys + " keys (expected: " + mean + " +- 5 %)");
        }
    }

    @Test
    void aShardCountOutsideItsRangeIsRefusedNamingTheRange() {
        for (int bad : List.of(0, -1, ShardFunction.MAX_SHARDS + 1)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ShardFunction(bad));
            assertEquals("shard count = " + bad + " (expected: 1..1024)", e.getMessage());
        }
    }

    @Test
    void itNamesItself() {
        assertEquals("CRC32C(UTF-8 key) mod 8", new ShardFunction(8).toString());
    }
}
