package io.raftwire.bench.cluster;

/**
 * One key of a {@link CommandMap} snapshot ({@link BenchTypes#ENTRY}).
 *
 * @param key   the key
 * @param value its value (shared with the map: values are never modified)
 */
public record MapEntry(String key, byte[] value) {
}
