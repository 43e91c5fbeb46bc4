package io.raftwire.bench.cluster;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One run of the cluster benchmark: a cluster kind, the serializer, the durability and the layout. Each run gets a JVM
 * of its own (or runs in the caller's, for the smoke test); a multi-process run starts three member JVMs besides.
 *
 * @param kind       what runs
 * @param serializer {@code kryo}, {@code protostuff} or {@code jdk} (the ideal ignores it: {@code none})
 * @param durable    whether the KV members keep a durable log (only {@link Kind#KV})
 * @param sessionMillis the KV client's session timeout in ms (keep-alives go at a third of it), or 0 for the client's
 *                   default (10 s); only {@link Kind#KV}
 * @param multiproc  whether each member runs in a JVM of its own ({@link KvMultiProcess}), the client staying in the
 *                   run's JVM; only {@link Kind#KV}. Otherwise all three members share the run's JVM.
 */
record RunSpec(Kind kind, String serializer, boolean durable, long sessionMillis, boolean multiproc) {

    /** Serializers a run may name. */
    static final Set<String> SERIALIZERS = Set.of("kryo", "protostuff", "jdk");

    /** What a run measures. */
    enum Kind {
        /** MicroRaft on its in-memory LocalTransport ({@link IdealCluster}): (a) and (b). */
        IDEAL,
        /** The raw Netty loopback echo's round trip ({@code RawRoundTrip}). */
        RAW,
        /** raftwire, durability off, direct {@code replicate} on the leader ({@link DirectCluster}): (a) and (b). */
        DIRECT,
        /** The shipped KV node through client sessions ({@link KvEndToEnd}): (a), (b) and (c). */
        KV;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** Checks the combination. */
    RunSpec {
        if (kind == Kind.IDEAL) {
            if (!serializer.equals("none") || durable) {
                throw new IllegalArgumentException("ideal run with serializer " + serializer + ", durable " + durable
                        + " (expected: serializer none, memory)");
            }
        } else if (!SERIALIZERS.contains(serializer)) {
            throw new IllegalArgumentException("serializer = " + serializer + " (expected: one of kryo, protostuff,"
                    + " jdk)");
        }
        if (durable && kind != Kind.KV) {
            throw new IllegalArgumentException(kind.label() + " run with durable = true (expected: only kv runs are"
                    + " durable)");
        }
        if (sessionMillis < 0 || sessionMillis > 0 && (kind != Kind.KV || sessionMillis < 150)) {
            throw new IllegalArgumentException(kind.label() + " run with session timeout " + sessionMillis
                    + " ms (expected: 0 for the default, or >= 150 ms on kv runs only)");
        }
        if (multiproc && kind != Kind.KV) {
            throw new IllegalArgumentException(kind.label() + " run with layout multiproc (expected: only kv runs"
                    + " start member processes)");
        }
    }

    /** A run with the client's default session timeout, all members in the run's JVM. */
    RunSpec(Kind kind, String serializer, boolean durable) {
        this(kind, serializer, durable, 0, false);
    }

    /** A run with all members in the run's JVM. */
    RunSpec(Kind kind, String serializer, boolean durable, long sessionMillis) {
        this(kind, serializer, durable, sessionMillis, false);
    }

    /** The ideal run. */
    static RunSpec ideal() {
        return new RunSpec(Kind.IDEAL, "none", false, 0, false);
    }

    /**
     * The row label of the report: {@code ideal}, {@code raw-echo/kryo}, {@code direct/kryo}, {@code kv/kryo/memory},
     * {@code kv/kryo/durable}, {@code kv/kryo/memory/session-300ms}, {@code kv/kryo/durable/multiproc}.
     */
    String label() {
        return switch (kind) {
            case IDEAL -> "ideal";
            case RAW -> "raw-echo/" + serializer;
            case DIRECT -> "direct/" + serializer;
            case KV -> "kv/" + serializer + "/" + (durable ? "durable" : "memory")
                    + (sessionMillis == 0 ? "" : "/session-" + sessionMillis + "ms") + (multiproc ? "/multiproc" : "");
        };
    }

    /** The command-line form: {@code <kind> <serializer> memory|durable <session ms, 0: default> inproc|multiproc}. */
    List<String> args() {
        return List.of(kind.label(), serializer, durable ? "durable" : "memory", Long.toString(sessionMillis),
                multiproc ? "multiproc" : "inproc");
    }

    /**
     * Parses {@link #args()}.
     *
     * @throws IllegalArgumentException naming the wrong argument and what was expected
     */
    static RunSpec parse(List<String> args) {
        if (args.size() != 5) {
            throw new IllegalArgumentException("run = " + args + " (expected: ideal|raw|direct|kv <serializer>"
                    + " memory|durable <session ms> inproc|multiproc)");
        }
        Kind kind;
        try {
            kind = Kind.valueOf(args.get(0).toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("kind = " + args.get(0) + " (expected: ideal, raw, direct or kv)", e);
        }
        String durability = args.get(2);
        if (!durability.equals("memory") && !durability.equals("durable")) {
            throw new IllegalArgumentException("durability = " + durability + " (expected: memory or durable)");
        }
        long session;
        try {
            session = Long.parseLong(args.get(3));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("session ms = " + args.get(3) + " (expected: an integer, 0 for the"
                    + " default)", e);
        }
        String layout = args.get(4);
        if (!layout.equals("inproc") && !layout.equals("multiproc")) {
            throw new IllegalArgumentException("layout = " + layout + " (expected: inproc or multiproc)");
        }
        return new RunSpec(kind, args.get(1), durability.equals("durable"), session, layout.equals("multiproc"));
    }
}
