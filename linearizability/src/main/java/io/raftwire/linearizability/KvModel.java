package io.raftwire.linearizability;

import java.util.Objects;

/**
 * The sequential specification of one key of the key-value store: what each operation does to the key's state and
 * what it answers. Deterministic: one state and one input give one next state and one exact output. Stateless and
 * thread-safe.
 *
 * <p>Versions: a key never written is absent with version 0. Every put and every successful compare-and-set adds 1.
 * A delete of a present key makes it absent and, by the {@link VersionScheme}, either adds 1
 * ({@link VersionScheme#COUNT_EVERY_WRITE}, the default) or resets the version to 0
 * ({@link VersionScheme#RESET_ON_DELETE}, etcd's per-key {@code version}). A get, a failed compare-and-set and a
 * delete of an absent key change nothing. Every output carries the key's version after the operation.
 */
public final class KvModel {

    /** How a delete of a present key changes its version. */
    public enum VersionScheme {
        /** The version counts every write, deletes included: it never goes back. */
        COUNT_EVERY_WRITE,
        /** A delete resets the version to 0, as for a key never written. */
        RESET_ON_DELETE
    }

    /** The model with {@link VersionScheme#COUNT_EVERY_WRITE}. */
    public static final KvModel DEFAULT = new KvModel(VersionScheme.COUNT_EVERY_WRITE);

    private final VersionScheme versionScheme;

    public KvModel(VersionScheme versionScheme) {
        this.versionScheme = Objects.requireNonNull(versionScheme, "versionScheme");
    }

    /** How deletes change versions. */
    public VersionScheme versionScheme() {
        return versionScheme;
    }

    /**
     * One operation applied to one key's state.
     *
     * @param next   the state after the operation
     * @param output what the store answers
     */
    public record Step(KvState next, KvOutput output) {
    }

    /** Applies {@code input} to {@code state}; the key of {@code input} is not looked at. */
    public Step apply(KvState state, KvInput input) {
        if (input instanceof KvInput.Get) {
            return new Step(state, KvOutput.value(state.value(), state.version()));
        }
        if (input instanceof KvInput.Put put) {
            KvState next = new KvState(put.value(), state.version() + 1);
            return new Step(next, KvOutput.written(next.version()));
        }
        if (input instanceof KvInput.Delete) {
            if (state.value() == null) {
                return new Step(state, new KvOutput.DeleteResult(false, state.version()));
            }
            long version = versionScheme == VersionScheme.RESET_ON_DELETE ? 0 : state.version() + 1;
            return new Step(new KvState(null, version), new KvOutput.DeleteResult(true, version));
        }
        KvInput.Cas cas = (KvInput.Cas) input;
        if (Objects.equals(state.value(), cas.expected())) {
            KvState next = new KvState(cas.value(), state.version() + 1);
            return new Step(next, KvOutput.swapped(true, next.version()));
        }
        return new Step(state, KvOutput.swapped(false, state.version()));
    }

    @Override
    public String toString() {
        return "KvModel[" + versionScheme + "]";
    }
}
