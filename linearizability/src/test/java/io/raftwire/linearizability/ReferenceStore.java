package io.raftwire.linearizability;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * A plain sequential key-value store, written separately from {@link KvModel} so that the randomised tests do not
 * check the model against itself: versions count every write, deletes included.
 */
final class ReferenceStore {

    private final Map<String, String> values = new HashMap<>();
    private final Map<String, Long> versions = new HashMap<>();

    String value(String key) {
        return values.get(key);
    }

    /** Runs one operation and returns the exact answer. */
    KvOutput run(KvInput input) {
        String key = input.key();
        long version = versions.getOrDefault(key, 0L);
        if (input instanceof KvInput.Get) {
            return KvOutput.value(values.get(key), version);
        }
        if (input instanceof KvInput.Put p) {
            values.put(key, p.value());
            versions.put(key, version + 1);
            return KvOutput.written(version + 1);
        }
        if (input instanceof KvInput.Delete) {
            if (values.remove(key) == null) {
                return new KvOutput.DeleteResult(false, version);
            }
            versions.put(key, version + 1);
            return new KvOutput.DeleteResult(true, version + 1);
        }
        KvInput.Cas c = (KvInput.Cas) input;
        if (!Objects.equals(values.get(key), c.expected())) {
            return KvOutput.swapped(false, version);
        }
        values.put(key, c.value());
        versions.put(key, version + 1);
        return KvOutput.swapped(true, version + 1);
    }
}
