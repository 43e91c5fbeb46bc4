package io.raftwire.node.level;

import io.raftwire.serializer.schema.Schema;

import java.util.Objects;

/**
 * One cluster feature level: the schema of the application's types that every member and client writes at while it
 * is the cluster's level (docs/upgrades.md §2.6). Levels are numbered 1, 2, ... in the order the cluster recorded
 * them through its Raft log; a level never changes once recorded.
 *
 * @param level  its number, at least 1
 * @param schema the schema writers use at this level
 */
public record FeatureLevel(int level, Schema schema) {

    /**
     * @throws IllegalArgumentException if {@code level} is below 1
     * @throws NullPointerException     if {@code schema} is null
     */
    public FeatureLevel {
        if (level < 1) {
            throw new IllegalArgumentException("feature level " + level + " (expected: at least 1)");
        }
        Objects.requireNonNull(schema, "schema");
    }

    /** The schema's digest, as handshakes announce it. */
    public long digest() {
        return schema.digest();
    }
}
