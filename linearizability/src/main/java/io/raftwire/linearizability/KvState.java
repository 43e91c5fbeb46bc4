package io.raftwire.linearizability;

/**
 * The state of one key in {@link KvModel}. Immutable; equal states are interchangeable, which is what lets the
 * checker remember states it has explored.
 *
 * @param value   the value, or {@code null} if the key is absent
 * @param version the key's version (see {@link KvModel}); {@code >= 0}
 */
public record KvState(String value, long version) {

    /** A key that was never written: absent, version 0. */
    public static final KvState INITIAL = new KvState(null, 0);

    public KvState {
        if (version < 0) {
            throw new IllegalArgumentException("version = " + version + " (expected: >= 0)");
        }
    }

    @Override
    public String toString() {
        return Values.show(value) + " @v" + version;
    }
}
