package io.raftwire.node.kv;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Timeout(10)
class KvRecordsTest {

    @Test
    void recordsRefuseValuesOutsideTheLimitsNamingThem() {
        assertRefused(IllegalArgumentException.class, "key length = 0 (expected: 1..1024 characters)",
                () -> new KvGet(""));
        assertRefused(IllegalArgumentException.class, "key length = 1025 (expected: 1..1024 characters)",
                () -> new KvDelete("k".repeat(1025)));
        assertRefused(NullPointerException.class, "key", () -> new KvPut(null, new byte[0]));
        assertRefused(IllegalArgumentException.class, "value length = 262145 bytes (expected: 0..262144)",
                () -> new KvPut("k", new byte[KvLimits.MAX_VALUE_BYTES + 1]));
        assertRefused(IllegalArgumentException.class, "expectedVersion = -1 (expected: >= 0)",
                () -> new KvCompareAndSet("k", -1, new byte[0]));
        assertRefused(IllegalArgumentException.class, "version = 0 (expected: >= 1)",
                () -> new KvEntry("k", new byte[0], 0));
        assertRefused(IllegalArgumentException.class, "keyCount = -1 (expected: >= 0)",
                () -> new KvSnapshotHeader(1, 0, 0, 0, 0, -1));
    }

    @Test
    void valuesAreCopiedInAndOut() {
        byte[] value = {1, 2};
        KvPut put = new KvPut("k", value);
        value[0] = 9;
        put.value()[1] = 9;
        assertArrayEquals(new byte[] {1, 2}, put.value());
        assertEquals(new KvPut("k", new byte[] {1, 2}), put);
        assertEquals(new KvResult(false, null, 0).hashCode(), new KvResult(false, null, 0).hashCode());
    }

    private static void assertRefused(Class<? extends Exception> type, String message, Executable call) {
        assertEquals(message, assertThrows(type, call).getMessage());
    }
}
