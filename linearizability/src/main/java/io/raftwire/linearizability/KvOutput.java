package io.raftwire.linearizability;

/**
 * What a client was told when an operation succeeded. Every field a client did not observe may be left unknown
 * ({@link #UNKNOWN_VERSION}, or the factories without that argument): the checker then accepts any value there.
 * A client that sees versions should record them, so that the checker checks them too.
 *
 * <p>Versions are those of {@link KvModel}: the key's version after the operation.
 */
public sealed interface KvOutput
        permits KvOutput.GetResult, KvOutput.PutResult, KvOutput.DeleteResult, KvOutput.CasResult {

    /** A version the client did not observe. */
    long UNKNOWN_VERSION = -1;

    /**
     * Whether this observed output agrees with the exact output the model computed: same kind, and equal in every
     * field this output knows.
     */
    boolean agreesWith(KvOutput exact);

    /** This output with every optional observation (versions, whether a delete found the key) made unknown. */
    KvOutput withoutOptionalObservations();

    /** Whether any optional observation (a version, whether a delete found the key) is known. */
    boolean hasOptionalObservations();

    /** A get's answer without its version. */
    static GetResult value(String value) {
        return new GetResult(value, UNKNOWN_VERSION);
    }

    /** A get's answer: the value ({@code null}: absent) and the key's version. */
    static GetResult value(String value, long version) {
        return new GetResult(value, version);
    }

    /** A put's answer without the new version. */
    static PutResult written() {
        return new PutResult(UNKNOWN_VERSION);
    }

    /** A put's answer: the key's new version. */
    static PutResult written(long version) {
        return new PutResult(version);
    }

    /** A delete's answer with nothing observed. */
    static DeleteResult deleted() {
        return new DeleteResult(null, UNKNOWN_VERSION);
    }

    /** A delete's answer: whether the key was present. */
    static DeleteResult deleted(boolean existed) {
        return new DeleteResult(existed, UNKNOWN_VERSION);
    }

    /** A compare-and-set's answer without the version. */
    static CasResult swapped(boolean success) {
        return new CasResult(success, UNKNOWN_VERSION);
    }

    /** A compare-and-set's answer: whether it wrote, and the key's version after it. */
    static CasResult swapped(boolean success, long version) {
        return new CasResult(success, version);
    }

    /**
     * @param value   the value read; {@code null} for an absent key
     * @param version the key's version, or {@link #UNKNOWN_VERSION}
     */
    record GetResult(String value, long version) implements KvOutput {
        public GetResult {
            checkVersion(version);
        }

        @Override
        public boolean agreesWith(KvOutput exact) {
            return exact instanceof GetResult g && java.util.Objects.equals(value, g.value)
                    && versionAgrees(version, g.version);
        }

        @Override
        public KvOutput withoutOptionalObservations() {
            return new GetResult(value, UNKNOWN_VERSION);
        }

        @Override
        public boolean hasOptionalObservations() {
            return version != UNKNOWN_VERSION;
        }

        @Override
        public String toString() {
            return Values.show(value) + " @v" + Values.showVersion(version);
        }
    }

    /** @param version the key's version after the put, or {@link #UNKNOWN_VERSION} */
    record PutResult(long version) implements KvOutput {
        public PutResult {
            checkVersion(version);
        }

        @Override
        public boolean agreesWith(KvOutput exact) {
            return exact instanceof PutResult p && versionAgrees(version, p.version);
        }

        @Override
        public KvOutput withoutOptionalObservations() {
            return new PutResult(UNKNOWN_VERSION);
        }

        @Override
        public boolean hasOptionalObservations() {
            return version != UNKNOWN_VERSION;
        }

        @Override
        public String toString() {
            return "written @v" + Values.showVersion(version);
        }
    }

    /**
     * @param existed whether the key was present, or {@code null} if not observed
     * @param version the key's version after the delete, or {@link #UNKNOWN_VERSION}
     */
    record DeleteResult(Boolean existed, long version) implements KvOutput {
        public DeleteResult {
            checkVersion(version);
        }

        @Override
        public boolean agreesWith(KvOutput exact) {
            return exact instanceof DeleteResult d && (existed == null || existed.equals(d.existed))
                    && versionAgrees(version, d.version);
        }

        @Override
        public KvOutput withoutOptionalObservations() {
            return new DeleteResult(null, UNKNOWN_VERSION);
        }

        @Override
        public boolean hasOptionalObservations() {
            return existed != null || version != UNKNOWN_VERSION;
        }

        @Override
        public String toString() {
            return (existed == null ? "deleted" : existed ? "deleted (was present)" : "deleted (was absent)")
                    + " @v" + Values.showVersion(version);
        }
    }

    /**
     * @param success whether the value matched and was replaced
     * @param version the key's version after the operation, or {@link #UNKNOWN_VERSION}
     */
    record CasResult(boolean success, long version) implements KvOutput {
        public CasResult {
            checkVersion(version);
        }

        @Override
        public boolean agreesWith(KvOutput exact) {
            return exact instanceof CasResult c && success == c.success && versionAgrees(version, c.version);
        }

        @Override
        public KvOutput withoutOptionalObservations() {
            return new CasResult(success, UNKNOWN_VERSION);
        }

        @Override
        public boolean hasOptionalObservations() {
            return version != UNKNOWN_VERSION;
        }

        @Override
        public String toString() {
            return (success ? "swapped" : "not swapped") + " @v" + Values.showVersion(version);
        }
    }

    private static boolean versionAgrees(long observed, long exact) {
        return observed == UNKNOWN_VERSION || observed == exact;
    }

    private static void checkVersion(long version) {
        if (version < UNKNOWN_VERSION) {
            throw new IllegalArgumentException(
                    "version = " + version + " (expected: >= 0, or UNKNOWN_VERSION = -1 when not observed)");
        }
    }
}
