package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Values set in code are refused for exactly the reasons, and in the words, a loaded configuration would give. */
class ConfigValuesTest {

    @Test
    void shouldAcceptEveryDefault() {
        ConfigValues values = new ConfigValues();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            putDefault(values, key);
        }
        assertTrue(values.violations().isEmpty(), values.violations()::toString);
    }

    @Test
    void shouldReportWhatALoadedConfigurationReportsInTheSameOrder() {
        ConfigValues values = new ConfigValues();
        values.put(ConfigKeys.TRANSPORT_WRITE_BUFFER_LOW_BYTES, 4096);
        values.put(ConfigKeys.TRANSPORT_WRITE_BUFFER_HIGH_BYTES, 4096);
        values.put(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES, 10);
        values.put(ConfigKeys.TRANSPORT_IO_THREADS, 0);
        ConfigException loaded = assertThrows(ConfigException.class, () -> RaftwireConfig.of(Map.of(
                "raftwire.transport.write-buffer-low-bytes", "4096", "raftwire.transport.write-buffer-high-bytes",
                "4096", "raftwire.transport.max-frame-bytes", "10", "raftwire.transport.io-threads", "0")));
        List<String> expected = List.of("raftwire.transport.max-frame-bytes = 10 (expected: 1024..1073741824)",
                "raftwire.transport.io-threads = 0 (expected: 1..64)",
                "raftwire.transport.write-buffer-high-bytes = 4096 (expected: > 4096"
                        + " (raftwire.transport.write-buffer-low-bytes))");
        assertEquals(expected, values.violations().stream().map(ConfigViolation::toString).toList());
        assertEquals(expected, loaded.violations().stream()
                .map(v -> new ConfigViolation(v.key(), v.value(), v.problem(), "").toString()).toList());
    }

    @Test
    void shouldCheckARuleOnlyWhenAllItsKeysAreGivenAndValid() {
        ConfigValues partial = new ConfigValues();
        partial.put(ConfigKeys.TRANSPORT_WRITE_BUFFER_HIGH_BYTES, 1024);
        assertTrue(partial.violations().isEmpty(), partial.violations()::toString);

        ConfigValues invalidInput = new ConfigValues();
        invalidInput.put(ConfigKeys.TRANSPORT_WRITE_BUFFER_LOW_BYTES, 1);
        invalidInput.put(ConfigKeys.TRANSPORT_WRITE_BUFFER_HIGH_BYTES, 1024);
        assertEquals(List.of("raftwire.transport.write-buffer-low-bytes = 1 (expected: >= 1024)"),
                invalidInput.violations().stream().map(ConfigViolation::toString).toList());
    }

    @Test
    void shouldRefuseAKeyGivenTwiceAndANullValueNamingTheKey() {
        ConfigValues values = new ConfigValues();
        assertEquals(7, values.put(ConfigKeys.TRANSPORT_IO_THREADS, 7));
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> values.put(ConfigKeys.TRANSPORT_IO_THREADS, 8));
        assertEquals("key = raftwire.transport.io-threads (expected: given once)", twice.getMessage());
        NullPointerException missing = assertThrows(NullPointerException.class,
                () -> values.put(ConfigKeys.CLUSTER_ID, null));
        assertEquals("raftwire.cluster.id", missing.getMessage());
    }

    private static <T> void putDefault(ConfigValues values, ConfigKey<T> key) {
        values.put(key, key.defaultValue());
    }
}
