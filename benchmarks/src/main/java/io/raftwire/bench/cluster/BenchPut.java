package io.raftwire.bench.cluster;

/**
 * The operation the ideal and the direct raftwire cluster replicate: one 64-byte command ({@link PutCommands}). The
 * ideal hands the same instance to every member; raftwire encodes it as a registered type
 * ({@link BenchTypes#PUT}). The array is never modified after construction.
 *
 * @param command the command bytes, {@code put <key> <value>}
 */
public record BenchPut(byte[] command) {
}
