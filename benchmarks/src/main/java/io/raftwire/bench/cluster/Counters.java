package io.raftwire.bench.cluster;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Named cumulative counters of a cluster at one moment ({@link ClusterUnderTest#counters()}). Immutable.
 *
 * @param values counter name to value
 */
record Counters(Map<String, Long> values) {

    static final Counters NONE = new Counters(Map.of());

    /** Copies the map, keeping its order. */
    Counters {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Each counter of this minus the same counter of {@code earlier} (missing there: 0). */
    Counters minus(Counters earlier) {
        Map<String, Long> d = new LinkedHashMap<>();
        values.forEach((k, v) -> d.put(k, v - earlier.values.getOrDefault(k, 0L)));
        return new Counters(d);
    }
}
